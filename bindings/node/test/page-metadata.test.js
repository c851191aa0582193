'use strict'
// The facts about the page (SPEC §7.1): the pageMetadata option, each chunk's
// pageMetadata, and the metadata of documents and LangChain.js documents.

const test = require('node:test')
const assert = require('node:assert/strict')
const { Document } = require('@langchain/core/documents')
const { HtmlSplitter } = require('htmlsplit')
const { HTMLTextSplitter } = require('htmlsplit/langchain')

// The site's name after the title is not the title; the authors and the
// date come from JSON-LD.
const PAGE = `<!doctype html><html lang="en-GB"><head>
<title>Reading the tides | Coast Weekly</title>
<meta name="description" content="How the moon and the sun move the sea.">
<meta property="og:site_name" content="Coast Weekly">
<link rel="canonical" href="https://coast.example/tides">
<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle",
 "headline": "Reading the tides",
 "author": [{"@type": "Person", "name": "Ada Lovelace"}, {"@type": "Person", "name": "Mary Anning"}],
 "datePublished": "2024-03-05T08:00:00+01:00"}</script>
</head><body><article><h1>Reading the tides</h1><p>The tide rises twice a day on most coasts.</p>
<h2>Spring tides</h2><p>They come with the new and the full moon.</p></article></body></html>`

const BASIC = {
  title: 'Reading the tides',
  description: 'How the moon and the sun move the sea.',
  language: 'en-GB',
}
const FULL = {
  ...BASIC,
  author: 'Ada Lovelace, Mary Anning',
  published: '2024-03-05T08:00:00+01:00',
  siteName: 'Coast Weekly',
  url: 'https://coast.example/tides',
}

test('pageMetadata "basic" (the default), "full" and "none", the same on every backend', () => {
  for (const backend of HtmlSplitter.backends()) {
    for (const [option, facts] of [
      [undefined, BASIC],
      ['basic', BASIC],
      ['full', FULL],
      ['none', {}],
    ]) {
      const chunks = new HtmlSplitter({ chunkSize: 50, backend, pageMetadata: option }).chunks(PAGE)
      assert.ok(chunks.length > 1, backend)
      for (const chunk of chunks) assert.deepEqual(chunk.pageMetadata, facts, `${backend} ${option}`)
    }
  }
})

test('a fact the page does not state is left out, not null', () => {
  const [chunk] = new HtmlSplitter({ chunkSize: 100, pageMetadata: 'full' }).chunks(
    '<html lang="fr"><p>Bonjour.</p></html>',
  )
  assert.deepEqual(chunk.pageMetadata, { language: 'fr' })
})

test('an invalid pageMetadata throws naming the key and the value', () => {
  assert.throws(() => new HtmlSplitter({ chunkSize: 10, pageMetadata: 'all' }), /pageMetadata.*"all"/)
  assert.throws(() => new HtmlSplitter({ chunkSize: 10, pageMetadata: true }), /pageMetadata.*true/)
  assert.throws(() => new HTMLTextSplitter({ chunkSize: 10, pageMetadata: 'some' }), /pageMetadata.*"some"/)
})

test('documents and splitManyDocuments add the facts to the part metadata', async () => {
  const splitter = new HtmlSplitter({ chunkSize: 50, pageMetadata: 'full' })
  const documents = splitter.documents(PAGE)
  const chunks = splitter.chunks(PAGE)
  assert.equal(documents.length, chunks.length)
  documents.forEach(({ metadata, pageMetadata }, i) => {
    const { text, pageMetadata: facts, ...provenance } = chunks[i]
    assert.deepEqual(pageMetadata, FULL)
    assert.deepEqual(metadata, { partIndex: i, totalParts: chunks.length, ...provenance, ...FULL })
  })
  assert.deepEqual((await splitter.splitManyDocuments([PAGE, '<p>no facts</p>']))[0], documents)
  const [[bare]] = (await splitter.splitManyDocuments(['<p>no facts</p>']))
  assert.deepEqual(bare.pageMetadata, {})
  assert.equal('title' in bare.metadata, false)
})

test("LangChain.js documents carry the facts, and the caller's keys win", async () => {
  const splitter = new HTMLTextSplitter({ chunkSize: 50, pageMetadata: 'full' })
  assert.equal(splitter.pageMetadata, 'full')
  const docs = await splitter.createDocuments(
    [PAGE, PAGE],
    [{ source: 'tides.html', title: 'My title' }, { source: 'tides.html' }],
  )
  const half = docs.length / 2
  for (const doc of docs.slice(0, half)) {
    assert.deepEqual(doc.metadata, {
      ...doc.metadata,
      ...FULL,
      source: 'tides.html',
      title: 'My title',
    })
  }
  for (const doc of docs.slice(half)) assert.equal(doc.metadata.title, FULL.title)
  // The part metadata still replaces a key of the caller's.
  const [doc] = await splitter.splitDocuments([
    new Document({ pageContent: PAGE, metadata: { partIndex: 'mine', language: 'de' } }),
  ])
  assert.equal(doc.metadata.partIndex, 0)
  assert.equal(doc.metadata.language, 'de')
  assert.equal(doc.metadata.url, FULL.url)
  const none = await new HTMLTextSplitter({ chunkSize: 50, pageMetadata: 'none' }).createDocuments([PAGE])
  for (const doc of none) assert.equal(Object.keys(FULL).some((key) => key in doc.metadata), false)
})

test('a function sizer gives the same facts (synchronous path)', async () => {
  const splitter = new HTMLTextSplitter({ chunkSize: 50, lengthFunction: (text) => text.length })
  const docs = await splitter.createDocuments([PAGE], [{ title: 'Mine' }])
  assert.ok(docs.length > 1)
  for (const doc of docs) {
    assert.equal(doc.metadata.title, 'Mine')
    assert.equal(doc.metadata.description, BASIC.description)
    assert.equal(doc.metadata.language, BASIC.language)
    assert.equal('author' in doc.metadata, false)
  }
})
