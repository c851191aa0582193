// langchain.d.mts is made from langchain.d.ts (scripts/import-types.mjs):
// the same declarations, another header. Needs no build and no npm packages.
import test from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { importTypes, writeImportTypes } from '../scripts/import-types.mjs'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const declarations = (text) =>
  text
    .split('\n')
    .filter((line) => !line.startsWith('//'))
    .join('\n')

test('the import types declare what the require types declare', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'htmlsplit-types-'))
  const source = fs.readFileSync(path.join(root, 'langchain.d.ts'), 'utf8')
  fs.writeFileSync(path.join(dir, 'langchain.d.ts'), source)
  writeImportTypes(dir)
  const written = fs.readFileSync(path.join(dir, 'langchain.d.mts'), 'utf8')
  assert.equal(written, importTypes(source))
  assert.equal(declarations(written), declarations(source))
  assert.match(written, /^\/\/ Generated from langchain\.d\.ts/)
  assert.match(written, /^import type \{ TextSplitter/m)
  fs.rmSync(dir, { recursive: true })
})

test('a built package has its import types made from the current require types', (t) => {
  const built = path.join(root, 'langchain.d.mts')
  if (!fs.existsSync(built)) {
    t.skip('not built: npm run build writes langchain.d.mts')
    return
  }
  const source = fs.readFileSync(path.join(root, 'langchain.d.ts'), 'utf8')
  assert.equal(fs.readFileSync(built, 'utf8'), importTypes(source))
})
