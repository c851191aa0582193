// The behaviour of the cheerio-based HTMLTextSplitter this package replaces,
// through HTMLTextSplitter imported by package name as a user does. The file
// stands alone (no helpers), so that it can also be run from a project that
// installed htmlsplit as a dependency.

import test from 'node:test'
import assert from 'node:assert/strict'
import { HTMLTextSplitter } from 'htmlsplit/langchain'
import { TextSplitter } from '@langchain/textsplitters'
import { Document } from '@langchain/core/documents'

const words = (n, word = 'word') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ')

test('a page under chunkSize is one chunk', async () => {
  const splitter = new HTMLTextSplitter({ chunkSize: 64, separators: ['h2'] })
  assert.deepEqual(await splitter.splitText('<section><h2>Title</h2><p>Short body text</p></section>'), [
    'Title\nShort body text',
  ])
})

test('tags and attributes are not counted', async () => {
  const attrs = ' class="a-very-long-class-name another-class" data-tracking="x'.padEnd(200, 'y') + '"'
  const html = `<div${attrs}><span${attrs}>alpha</span> <b${attrs}>beta</b></div><p${attrs}>gamma</p>`
  assert.ok(html.length > 40 * 20)
  const splitter = new HTMLTextSplitter({ chunkSize: 20 })
  assert.deepEqual(await splitter.splitText(html), ['alpha beta\ngamma'])
})

test('separators are soft: they break only under size pressure', async () => {
  const html = '<h2>One</h2><p>aaa</p><h2>Two</h2><p>bbb</p>'
  const roomy = new HTMLTextSplitter({ chunkSize: 100, separators: ['h2'] })
  assert.deepEqual(await roomy.splitText(html), ['One\naaa\nTwo\nbbb'])
  const tight = new HTMLTextSplitter({ chunkSize: 10, separators: ['h2'] })
  assert.deepEqual(await tight.splitText(html), ['One\naaa', 'Two\nbbb'])
})

test('a protected node is kept whole up to maxChunkSize, and opened beyond it', async () => {
  const code = (n) => `<pre>${Array.from({ length: n }, (_, i) => `line ${i}`).join('\n')}</pre>`
  const kept = new HTMLTextSplitter({ chunkSize: 20, maxChunkSize: 100, neverBreakWithin: ['pre'] })
  const small = code(8) // 6 or 7 characters a line: about 55 characters
  assert.deepEqual(await kept.splitText(`<p>before</p>${small}<p>after</p>`), [
    'before',
    small.slice(5, -6),
    'after',
  ])
  const large = code(40) // about 280 characters: over the cap
  const chunks = await kept.splitText(large)
  assert.ok(chunks.length > 2)
  for (const chunk of chunks) assert.ok(chunk.length <= 100, chunk)
  assert.equal(chunks.join('\n'), large.slice(5, -6))
})

test('text with no boundary to use is force-split under the cap, at word boundaries', async () => {
  const text = words(60)
  const splitter = new HTMLTextSplitter({ chunkSize: 50, maxChunkSize: 60 })
  const chunks = await splitter.splitText(`<p>${text}</p>`)
  assert.ok(chunks.length > 5)
  for (const chunk of chunks) {
    assert.ok(chunk.length <= 60, chunk)
    assert.match(chunk, /^word\d+( word\d+)*$/)
  }
  assert.equal(chunks.join(' '), text)
})

test('without maxChunkSize there is no cap', async () => {
  const text = words(60)
  const splitter = new HTMLTextSplitter({ chunkSize: 50 })
  assert.equal(splitter.maxChunkSize, undefined)
  assert.deepEqual(await splitter.splitText(`<p>${text}</p>`), [text])
})

test('documents keep their metadata and gain partIndex and totalParts', async () => {
  const splitter = new HTMLTextSplitter({ chunkSize: 12, separators: ['p'] })
  const docs = await splitter.splitDocuments([
    new Document({ pageContent: '<p>first part</p><p id="two">second part</p>', metadata: { source: 'a.html', lang: 'en' } }),
    new Document({ pageContent: '<p>only one</p>', metadata: { source: 'b.html' } }),
    new Document({ pageContent: '<!-- nothing -->', metadata: { source: 'c.html' } }),
  ])
  assert.deepEqual(
    docs.map((doc) => [doc.pageContent, doc.metadata.source, doc.metadata.partIndex, doc.metadata.totalParts]),
    [
      ['first part', 'a.html', 0, 2],
      ['second part', 'a.html', 1, 2],
      ['only one', 'b.html', 0, 1],
    ],
  )
  assert.equal(docs[1].metadata.lang, 'en')
  assert.equal(docs[1].metadata.anchor, 'two')
  assert.ok(docs.every((doc) => doc instanceof Document))
})

test('chunk overlap is refused', () => {
  assert.throws(() => new HTMLTextSplitter({ chunkSize: 100, chunkOverlap: 10 }), /chunk overlap is not supported/)
  assert.doesNotThrow(() => new HTMLTextSplitter({ chunkSize: 100, chunkOverlap: 0 }))
})

test('it is a LangChain TextSplitter', () => {
  assert.ok(new HTMLTextSplitter({ chunkSize: 100 }) instanceof TextSplitter)
})
