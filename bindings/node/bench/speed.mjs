// Speed of the Node.js package on a corpus, beside the Rust CLI and the
// JavaScript splitters a user would pick instead.
//
//     npm run build && npm install --prefix bench
//     node bench/speed.mjs --corpus ../../../shared/corpus/ecma262 \
//         --config ../../corpus/ecma262-ingest.json --cli ../../target/release/htmlsplit
//
// Prints one Markdown table from this one run: seconds (best of --repeat,
// wall time; the other splitters once) and MB/s of HTML input, the targets
// (sync split >= 0.9x the CLI's --jobs 1, the CLI's --jobs 2 and splitMany
// on two threads >= 1.7x their one-thread runs, event loop never stalled
// over 50 ms during splitMany), how well the pages split between two
// threads at best (what bounds the gain, beside the machine), and for every
// splitter the chunks over the config's maxChunkSize (in characters). The
// other splitters have no separate cap: their chunkSize is set to it.

import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createRequire } from 'node:module'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import os from 'node:os'
// bench/ has its own package.json (the other splitters), so not by name.
import { HtmlSplitter } from '../index.mjs'

const { values: args } = parseArgs({
  options: {
    corpus: { type: 'string' },
    config: { type: 'string' },
    cli: { type: 'string' },
    repeat: { type: 'string', default: '5' },
  },
})
if (!args.corpus || !args.config || !args.cli) {
  console.error('usage: node bench/speed.mjs --corpus DIR --config FILE --cli PATH [--repeat N]')
  process.exit(2)
}
const repeat = Number(args.repeat)
// Other work on the machine shows in every figure: say how much there was.
const loadBefore = os.loadavg()[0]
const paths = fs
  .readdirSync(args.corpus, { recursive: true })
  .filter((name) => name.endsWith('.html'))
  .map((name) => path.join(args.corpus, name))
  .sort()
const raw = paths.map((p) => fs.readFileSync(p))
const pages = raw.map((bytes) => bytes.toString('utf8'))
const mb = raw.reduce((sum, bytes) => sum + bytes.length, 0) / 1e6
const config = JSON.parse(fs.readFileSync(args.config, 'utf8'))
const cap = config.maxChunkSize
const splitter = new HtmlSplitter(config)

const chars = (text) => {
  let n = 0
  for (const _ of text) n++
  return n
}
const overCap = (texts) => texts.filter((text) => chars(text) > cap).length

async function bestOf(n, run) {
  let best = Infinity
  for (let i = 0; i < n; i++) {
    const start = performance.now()
    await run()
    best = Math.min(best, (performance.now() - start) / 1000)
  }
  return best
}

const rows = []
const row = (name, seconds, chunks, over, note = '') => rows.push({ name, seconds, chunks, over, note })

const cli = (jobs) => () => {
  const run = spawnSync(args.cli, ['--jobs', String(jobs), '--quiet', '--config', args.config, ...paths], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (run.status !== 0) throw new Error(`${args.cli} failed`)
}
const cli1 = await bestOf(repeat, cli(1))
row('Rust CLI `--jobs 1` (process start, reading, JSON included)', cli1)
const cli2 = await bestOf(repeat, cli(2))
row('Rust CLI `--jobs 2`', cli2, undefined, undefined, `${(cli1 / cli2).toFixed(2)}× \`--jobs 1\` (target ≥ 1.7×)`)

let texts = []
const loop = await bestOf(repeat, () => {
  texts = raw.map((page) => splitter.splitText(page)).flat()
})
row('`splitText` in a loop (sync, bytes in)', loop, texts.length, overCap(texts), `${(cli1 / loop).toFixed(2)}× the CLI \`--jobs 1\` (target ≥ 0.9×)`)
const many1 = await bestOf(repeat, () => splitter.splitMany(raw, { concurrency: 1 }))
row('`splitMany`, concurrency 1', many1)

// The event loop during splitMany: Node's own delay histogram (a 1 ms
// timer's lateness), its maximum over every run.
const delay = monitorEventLoopDelay({ resolution: 1 })
const many2 = await bestOf(repeat, async () => {
  delay.enable()
  await splitter.splitMany(raw, { concurrency: 2 })
  delay.disable()
})
const stall = delay.max / 1e6
row('`splitMany`, concurrency 2', many2, undefined, undefined,
  `${(loop / many2).toFixed(2)}× the sync loop (target ≥ 1.7×); event loop stalled at most ${stall.toFixed(1)} ms (target ≤ 50)`)

// Why splitMany falls short of 2×: how well the pages split in two. Each
// page's own sync time (best of --repeat), then the finish time of two
// threads that each take the next page in input order, or the largest page
// left (what splitMany does); the loop's time over that finish time is the
// most two threads can gain.
const pageSeconds = []
for (const page of raw) pageSeconds.push(await bestOf(repeat, () => splitter.splitText(page)))
const finish = (order) => {
  const busy = [0, 0]
  for (const i of order) busy[busy[0] <= busy[1] ? 0 : 1] += pageSeconds[i]
  return Math.max(...busy)
}
const total = pageSeconds.reduce((a, b) => a + b, 0)
const inOrder = raw.map((_, i) => i)
const largestFirst = [...inOrder].sort((a, b) => raw[b].length - raw[a].length)
const split = {
  largest: Math.max(...pageSeconds) / total,
  inOrder: total / finish(inOrder),
  largestFirst: total / finish(largestFirst),
  overhead: many1 / loop,
}

const require = createRequire(import.meta.url)
const benchDeps = path.join(path.dirname(new URL(import.meta.url).pathname), 'node_modules')
try {
  const { RecursiveCharacterTextSplitter } = require(path.join(benchDeps, '@langchain/textsplitters'))
  const html = RecursiveCharacterTextSplitter.fromLanguage('html', { chunkSize: cap, chunkOverlap: 0 })
  let out = []
  const seconds = await bestOf(1, async () => {
    out = []
    for (const page of pages) out.push(...(await html.splitText(page)))
  })
  row('LangChain.js `RecursiveCharacterTextSplitter.fromLanguage("html")` (raw markup)', seconds, out.length, overCap(out))
} catch (err) {
  console.error(`LangChain.js not timed: ${err.message} (npm install --prefix bench)`)
}
try {
  // htmlToMarkdownChunks is in mdream's native binding, not its main export.
  const mdream = await import(path.join(benchDeps, 'mdream', 'napi', 'index.mjs'))
  let out = []
  const seconds = await bestOf(1, () => {
    out = pages.flatMap((page) =>
      mdream.htmlToMarkdownChunks(page, null, { chunkSize: cap, chunkOverlap: 0 }).map((c) => c.content),
    )
  })
  row('mdream `htmlToMarkdownChunks` (Markdown)', seconds, out.length, overCap(out))
} catch (err) {
  console.error(`mdream not timed: ${err.message} (npm install --prefix bench)`)
}

console.log(
  `${paths.length} pages, ${mb.toFixed(1)} MB; chunkSize ${config.chunkSize}, maxChunkSize ${cap}; ` +
    `best of ${repeat} (other splitters once); load average ${loadBefore.toFixed(1)} before the run, on ${os.availableParallelism()} cores\n`,
)
console.log(
  `Work split: the largest page is ${(100 * split.largest).toFixed(1)} % of the pages' sync time; two threads can gain at most ` +
    `${split.inOrder.toFixed(2)}× taking pages in input order, ${split.largestFirst.toFixed(2)}× largest first (what splitMany does); ` +
    `splitMany on one thread takes ${split.overhead.toFixed(2)}× the loop (its per-call cost)\n`,
)
console.log('| | seconds | MB/s | chunks | over the cap | |')
console.log('|---|---:|---:|---:|---:|---|')
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.seconds.toFixed(3)} | ${(mb / r.seconds).toFixed(1)} | ${r.chunks ?? ''} | ${r.over ?? ''} | ${r.note} |`,
  )
}
