'use strict'
// htmlsplit/langchain against the real @langchain/textsplitters from npm.

const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { TextSplitter } = require('@langchain/textsplitters')
const { Document } = require('@langchain/core/documents')
const { HTMLTextSplitter } = require('htmlsplit/langchain')
const { HtmlSplitter } = require('htmlsplit')
const { ROOT, cliRecords } = require('./helpers.js')

const guide = fs.readFileSync(path.join(ROOT, 'corpus', 'guide.html'), 'utf8')

test('HTMLTextSplitter is a TextSplitter, from require and from import', async () => {
  assert.ok(new HTMLTextSplitter({ chunkSize: 100 }) instanceof TextSplitter)
  const esm = await import('htmlsplit/langchain')
  const { TextSplitter: EsmTextSplitter } = await import('@langchain/textsplitters')
  assert.ok(new esm.HTMLTextSplitter({ chunkSize: 100 }) instanceof EsmTextSplitter)
})

test('the constructor fields are kept on the splitter', () => {
  const splitter = new HTMLTextSplitter({
    chunkSize: 100,
    maxChunkSize: 150,
    separators: ['h2', 'p'],
    neverBreakWithin: ['pre'],
  })
  assert.equal(splitter.chunkSize, 100)
  assert.equal(splitter.chunkOverlap, 0)
  assert.equal(splitter.maxChunkSize, 150)
  assert.deepEqual(splitter.separators, ['h2', 'p'])
  assert.deepEqual(splitter.neverBreakWithin, ['pre'])
  assert.equal(splitter.sizer, 'utf16')
})

test('splitDocuments keeps metadata and adds the provenance of each chunk', async () => {
  const options = { chunkSize: 200, maxChunkSize: 300, separators: ['h2', 'p'] }
  const splitter = new HTMLTextSplitter(options)
  const docs = await splitter.splitDocuments([
    new Document({ pageContent: guide, metadata: { source: 'guide.html' } }),
  ])
  const chunks = new HtmlSplitter({ ...options, sizer: 'utf16' }).chunks(guide)
  assert.equal(docs.length, chunks.length)
  docs.forEach((doc, i) => {
    const chunk = chunks[i]
    assert.equal(doc.pageContent, chunk.text)
    assert.deepEqual(doc.metadata, {
      source: 'guide.html',
      partIndex: i,
      totalParts: chunks.length,
      headingPath: chunk.headingPath,
      anchor: chunk.anchor,
      startIndex: chunk.startIndex,
      endIndex: chunk.endIndex,
      size: chunk.size,
      prefixLength: chunk.prefixLength,
      suffixLength: chunk.suffixLength,
      ...chunk.pageMetadata,
    })
    assert.ok(doc.metadata.size <= 300)
  })
  assert.deepEqual(await splitter.transformDocuments([new Document({ pageContent: guide, metadata: { source: 'guide.html' } })]), docs)
})

// The keys the Rust core's PartMetadata gives a chunk document; Python's are
// the same in snake_case.
const PART_KEYS = [
  'partIndex',
  'totalParts',
  'startIndex',
  'endIndex',
  'headingPath',
  'anchor',
  'size',
  'prefixLength',
  'suffixLength',
]

// Only ASCII, so that every binding counts its offsets alike; the heading
// path carried at the start of a chunk gives it a prefixLength.
const SMALL_PAGE =
  '<h1 id=top>Guide</h1><p>An introduction of some length.</p>' +
  '<h2 id="install">Install</h2><p>Run the installer, then restart.</p><p>Check the version it reports.</p>'
const SMALL_CONFIG = { chunkSize: 30, maxChunkSize: 50, separators: ['h2', 'p'], headingContext: true }

test("document metadata has the core's keys and the CLI's values", async (t) => {
  const splitter = new HTMLTextSplitter({ ...SMALL_CONFIG, sizer: 'characters' })
  const docs = await splitter.createDocuments([SMALL_PAGE], [{ source: 'small.html', size: 'replaced' }])
  assert.ok(docs.length > 2)
  assert.ok(docs.some((doc) => doc.metadata.prefixLength > 0))
  // The page states no title, so its main heading is the title (SPEC §7.1).
  for (const doc of docs) {
    assert.deepEqual(Object.keys(doc.metadata).sort(), [...PART_KEYS, 'source', 'title'].sort())
    assert.equal(doc.metadata.title, 'Guide')
  }
  const native = new HtmlSplitter({ ...SMALL_CONFIG, sizer: 'characters' })
  assert.deepEqual(
    (await native.splitManyDocuments([SMALL_PAGE]))[0],
    native.documents(SMALL_PAGE),
  )
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'htmlsplit-metadata-'))
  t.after(() => fs.rmSync(dir, { recursive: true }))
  const page = path.join(dir, 'small.html')
  fs.writeFileSync(page, SMALL_PAGE)
  const config = path.join(dir, 'config.json')
  fs.writeFileSync(config, JSON.stringify(SMALL_CONFIG))
  const records = cliRecords(['--config', config, page])
  assert.deepEqual(
    docs.map((doc) => doc.pageContent),
    records.map((record) => record.pageContent),
  )
  docs.forEach((doc, i) => {
    // The CLI's lines carry the page's facts too (SPEC §7.1).
    assert.equal(records[i].metadata.title, 'Guide')
    assert.deepEqual(doc.metadata, { ...records[i].metadata, source: 'small.html' })
  })
})

test('document offsets are UTF-16 code units, as the chunks give them', () => {
  const splitter = new HtmlSplitter({ chunkSize: 8, separators: ['p'], headingContext: true })
  const html = '<h1>😀 Emoji</h1><p>one € two</p><p>😀 three</p>'
  const chunks = splitter.chunks(html)
  const documents = splitter.documents(html)
  assert.equal(documents.length, chunks.length)
  documents.forEach(({ pageContent, metadata }, i) => {
    const { text, pageMetadata, ...provenance } = chunks[i]
    assert.equal(pageContent, text)
    assert.deepEqual(metadata, { partIndex: i, totalParts: chunks.length, ...provenance, ...pageMetadata })
  })
})

test('createDocuments prepends a chunk header and pairs metadatas by index', async () => {
  const splitter = new HTMLTextSplitter({ chunkSize: 12, separators: ['p'] })
  const docs = await splitter.createDocuments(['<p>first part</p><p>second part</p>', '<p>b</p>'], [{ n: 1 }, { n: 2 }], {
    chunkHeader: 'DOC: ',
  })
  assert.deepEqual(docs.map((d) => [d.pageContent, d.metadata.n, d.metadata.partIndex]), [
    ['DOC: first part', 1, 0],
    ['DOC: second part', 1, 1],
    ['DOC: b', 2, 0],
  ])
})

test('sizes are UTF-16 code units by default, as String.length counts', async () => {
  const splitter = new HTMLTextSplitter({ chunkSize: 4, separators: ['p'] })
  // '😀😀' is 4 code units and fits; with the next paragraph it does not.
  assert.deepEqual(await splitter.splitText('<p>😀😀</p><p>a</p>'), ['😀😀', 'a'])
  const [doc] = await splitter.createDocuments(['<p>😀😀</p>'])
  assert.equal(doc.metadata.size, 4)
})

test('a synchronous lengthFunction becomes the sizer', async () => {
  const calls = []
  const words = (text) => {
    calls.push(text)
    return text.split(/\s+/).filter(Boolean).length
  }
  const splitter = new HTMLTextSplitter({ chunkSize: 3, separators: ['p'], lengthFunction: words })
  const docs = await splitter.createDocuments(['<p>one two</p><p>three</p><p>four five six seven</p>'])
  assert.deepEqual(docs.map((d) => [d.pageContent, d.metadata.size]), [
    ['one two\nthree', 3],
    ['four five six seven', 4],
  ])
  assert.ok(calls.length > 0)
  assert.deepEqual(await splitter.splitText('<p>a b</p><p>c d</p>'), ['a b', 'c d'])
})

test('a lengthFunction that returns a Promise is a clear error', async () => {
  const splitter = new HTMLTextSplitter({ chunkSize: 3, lengthFunction: async (text) => text.length })
  await assert.rejects(splitter.splitText('<p>abc</p><p>def</p>'), /lengthFunction returned a Promise/)
  assert.throws(() => new HTMLTextSplitter({ chunkSize: 3, lengthFunction: 5 }), /lengthFunction: expected a function/)
})

test('sizer "tiktoken:cl100k_base" counts tokens natively', async () => {
  const splitter = new HTMLTextSplitter({ chunkSize: 20, maxChunkSize: 30, sizer: 'tiktoken:cl100k_base', separators: ['p'] })
  const docs = await splitter.createDocuments([guide])
  assert.ok(docs.length > 3)
  for (const doc of docs) assert.ok(doc.metadata.size > 0 && doc.metadata.size <= 30)
  assert.deepEqual(await splitter.splitText('<p>hello world</p>'), ['hello world'])
})

test('the other keys reach the splitter, and bad ones throw naming the key', () => {
  assert.equal(new HTMLTextSplitter({ chunkSize: 10, backend: 'tl' }).splitter.backend, 'tl')
  assert.throws(() => new HTMLTextSplitter({ chunkSize: 10, whitespace: 'squash' }), /whitespace.*"squash"/)
  assert.throws(() => new HTMLTextSplitter({ chunkSize: 10, separators: ['p['] }), /selector "p\[" in separators/)
  assert.throws(() => new HTMLTextSplitter({ chunkSize: 10, maxChunkSize: 5 }), /maxChunkSize 5/)
  assert.throws(() => new HTMLTextSplitter({ chunkSize: 10, lengthFunction: (t) => t.length, sizer: 'bytes' }), /not both/)
})

test('splitText does not block: a timer set before it fires before it resolves', async () => {
  const splitter = new HTMLTextSplitter({ chunkSize: 200, separators: ['p'] })
  const big = guide.repeat(200)
  let fired = false
  setImmediate(() => {
    fired = true
  })
  const pending = splitter.splitText(big)
  assert.equal(fired, false)
  const texts = await pending
  assert.ok(texts.length > 100)
  assert.equal(fired, true)
})

test('HTMLTextSplitter takes content "main"', async () => {
  const splitter = new HTMLTextSplitter({ chunkSize: 1000, content: 'main' })
  assert.equal(splitter.content, 'main')
  const page = '<nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>' +
    '<main><p>Chunks that carry only the article make better retrieval than whole pages.</p></main>' +
    '<footer>Copyright and terms of use</footer>'
  assert.deepEqual(await splitter.splitText(page), [
    'Chunks that carry only the article make better retrieval than whole pages.',
  ])
})
