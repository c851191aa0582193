'use strict'
// The ECMAScript specification through Node gives the CLI's chunks and
// metadata, and splitting it with splitMany leaves the event loop free.

const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { HtmlSplitter } = require('htmlsplit')
const { ROOT, requireSharedCorpus, htmlFiles, cliRecords, utf16Offsets } = require('./helpers.js')

const configPath = path.join(ROOT, 'corpus', 'ecma262-ingest.json')
const config = JSON.parse(fs.readFileSync(configPath, 'utf8'))

test('ECMA-262 through splitMany gives the CLI chunks and metadata', async (t) => {
  const corpus = requireSharedCorpus(t, 'ecma262')
  if (!corpus) return
  const pages = htmlFiles(corpus)
  assert.equal(pages.length, 39)
  const documentsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'htmlsplit-')), 'documents.jsonl')
  const records = cliRecords(['--quiet', '--config', configPath, '--documents', documentsFile, corpus])
  const canonical = new Map()
  for (const line of fs.readFileSync(documentsFile, 'utf8').split('\n')) {
    if (line === '') continue
    const document = JSON.parse(line)
    canonical.set(path.basename(document.source), document.text)
  }
  const bySource = new Map()
  for (const record of records) {
    const name = path.basename(record.metadata.source)
    if (!bySource.has(name)) bySource.set(name, [])
    bySource.get(name).push(record)
  }

  const splitter = new HtmlSplitter(config)
  const results = await splitter.splitMany(pages.map((page) => fs.readFileSync(page)))
  let total = 0
  results.forEach((chunks, i) => {
    const name = path.basename(pages[i])
    const expected = bySource.get(name) ?? []
    assert.deepEqual(
      chunks.map((chunk) => chunk.text),
      expected.map((record) => record.pageContent),
      name,
    )
    const text = canonical.get(name) ?? ''
    const units = utf16Offsets(text)
    chunks.forEach((chunk, j) => {
      const meta = expected[j].metadata
      assert.equal(chunk.startIndex, units[meta.startIndex], `${name} ${j} startIndex`)
      assert.equal(chunk.endIndex, units[meta.endIndex], `${name} ${j} endIndex`)
      assert.equal(text.slice(chunk.startIndex, chunk.endIndex), chunk.text, `${name} ${j} slice`)
      assert.deepEqual(chunk.headingPath, meta.headingPath, `${name} ${j} headingPath`)
      assert.equal(chunk.anchor, meta.anchor, `${name} ${j} anchor`)
      assert.equal(chunk.size, meta.size, `${name} ${j} size`)
      assert.ok(chunk.size <= config.maxChunkSize)
    })
    total += chunks.length
  })
  assert.equal(total, records.length)
})

test('the event loop keeps turning while splitMany splits ECMA-262', async (t) => {
  const corpus = requireSharedCorpus(t, 'ecma262')
  if (!corpus) return
  const pages = htmlFiles(corpus).map((page) => fs.readFileSync(page))
  const splitter = new HtmlSplitter(config)
  const ticks = []
  let last = performance.now()
  let longest = 0
  const timer = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
    ticks.push(now)
  }, 2)
  const start = performance.now()
  const results = await splitter.splitMany(pages, { concurrency: 2 })
  const end = performance.now()
  clearInterval(timer)
  assert.equal(results.length, 39)
  const during = ticks.filter((tick) => tick > start && tick < end)
  t.diagnostic(`split in ${(end - start).toFixed(0)} ms: ${during.length} timer ticks meanwhile, longest gap ${longest.toFixed(1)} ms`)
  // Blocking the loop for the whole split would leave no tick between start and end.
  assert.ok(during.length >= 5, `${during.length} ticks during ${(end - start).toFixed(0)} ms`)
  assert.ok(longest < (end - start) / 2, `longest gap ${longest.toFixed(1)} ms`)
})
