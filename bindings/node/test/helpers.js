'use strict'
// Shared by the tests: the repository root, the vendored conformance cases,
// the shared corpora and the repository's CLI.

const fs = require('node:fs')
const path = require('node:path')
const { execFileSync } = require('node:child_process')

const ROOT = path.resolve(__dirname, '..', '..', '..')

function cases() {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'conformance', 'cases.json'), 'utf8'))
}

/**
 * A corpus of ../shared/corpus (or $HTMLSPLIT_SHARED/corpus), or null when
 * this checkout does not sit beside it.
 */
function sharedCorpus(name) {
  const base = process.env.HTMLSPLIT_SHARED || path.join(ROOT, '..', 'shared')
  const dir = path.join(base, 'corpus', name)
  return fs.existsSync(dir) && fs.statSync(dir).isDirectory() ? dir : null
}

/**
 * The corpus, or a skip of test `t` (a failure when
 * HTMLSPLIT_REQUIRE_SHARED=1, as in CI).
 */
function requireSharedCorpus(t, name) {
  const dir = sharedCorpus(name)
  if (dir === null) {
    const message = `the shared corpus ${name} is not beside this checkout`
    if (process.env.HTMLSPLIT_REQUIRE_SHARED === '1') throw new Error(message)
    t.skip(message)
  }
  return dir
}

/** The HTML pages under `dir`, sorted by path. */
function htmlFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((name) => name.endsWith('.html'))
    .map((name) => path.join(dir, name))
    .sort()
}

/** The CLI: $HTMLSPLIT_CLI, else built by cargo (a binary left in target/ may be stale). */
function cliPath() {
  if (process.env.HTMLSPLIT_CLI) return process.env.HTMLSPLIT_CLI
  const env = { ...process.env }
  delete env.CARGO_TARGET_DIR
  execFileSync('cargo', ['build', '-q', '-p', 'htmlsplit'], { cwd: ROOT, env, stdio: 'inherit' })
  // A target named in the environment (scripts/test names the host's) puts
  // the build under target/<triple>/.
  return path.join(ROOT, 'target', process.env.CARGO_BUILD_TARGET ?? '', 'debug', 'htmlsplit')
}

/** Runs the CLI and reads its JSON Lines. */
function cliRecords(args) {
  const out = execFileSync(cliPath(), args, { maxBuffer: 1 << 30 })
  return out
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line))
}

/** UTF-16 offsets of `text`, indexed by Unicode scalar value offset. */
function utf16Offsets(text) {
  const offsets = [0]
  let units = 0
  for (const c of text) {
    units += c.length
    offsets.push(units)
  }
  return offsets
}

module.exports = { ROOT, cases, sharedCorpus, requireSharedCorpus, htmlFiles, cliPath, cliRecords, utf16Offsets }
