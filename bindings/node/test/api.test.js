'use strict'
// HtmlSplitter's API: methods, inputs, offsets, sizers and errors.

const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { HtmlSplitter } = require('htmlsplit')
const { ROOT } = require('./helpers.js')

const guide = fs.readFileSync(path.join(ROOT, 'corpus', 'guide.html'))

test('chunks carry text, offsets, heading path, anchor, size and carried lengths', () => {
  const splitter = new HtmlSplitter({ chunkSize: 40, maxChunkSize: 60, separators: ['p'] })
  const html = `<emu-clause id="sec-array"><h1>23.1 Array Objects</h1>
    <emu-clause id="sec-array.prototype.map"><h1>23.1.3.21 Array.prototype.map</h1>
    <p>map calls callback once for each element.</p></emu-clause></emu-clause>`
  const chunks = splitter.chunks(html)
  const last = chunks.at(-1)
  assert.equal(last.text, 'map calls callback once for each element.')
  assert.deepEqual(last.headingPath, ['23.1 Array Objects', '23.1.3.21 Array.prototype.map'])
  assert.equal(last.anchor, 'sec-array.prototype.map')
  assert.equal(last.size, last.text.length)
  assert.equal(last.prefixLength, 0)
  assert.equal(last.suffixLength, 0)
  assert.equal(splitter.canonicalText(html).slice(last.startIndex, last.endIndex), last.text)
  assert.deepEqual(Object.keys(last).sort(), [
    'anchor', 'endIndex', 'headingPath', 'pageMetadata', 'prefixLength', 'size', 'startIndex',
    'suffixLength', 'text',
  ])
})

test('a chunk without an element with an id before it has anchor null', () => {
  const [chunk] = new HtmlSplitter({ chunkSize: 40 }).chunks('<p>no ids here</p>')
  assert.equal(chunk.anchor, null)
  assert.deepEqual(chunk.headingPath, [])
})

test('splitText is the texts of chunks', () => {
  const splitter = new HtmlSplitter({ chunkSize: 200, maxChunkSize: 300, separators: ['h2', 'p'] })
  const texts = splitter.splitText(guide)
  assert.ok(texts.length > 1)
  assert.deepEqual(texts, splitter.chunks(guide).map((chunk) => chunk.text))
})

test('offsets are UTF-16 code units: astral characters count two', () => {
  const html = '<h1>Emoji 😀🦀</h1><p>𝒜 first 👩‍👩‍👧 paragraph</p><p>second 🎉 one</p><p>plain</p>'
  for (const backend of HtmlSplitter.backends()) {
    // The cap keeps the heading (8) from being joined with the paragraph
    // after it (23; SPEC §5).
    const splitter = new HtmlSplitter({ chunkSize: 12, maxChunkSize: 30, separators: ['p'], backend })
    const canonical = splitter.canonicalText(html)
    const chunks = splitter.chunks(html)
    assert.ok(chunks.length >= 3, backend)
    for (const chunk of chunks) {
      assert.equal(canonical.slice(chunk.startIndex, chunk.endIndex), chunk.text, backend)
    }
    const last = chunks.at(-1)
    assert.equal(last.text, 'plain')
    // Code points before it: fewer than its UTF-16 offset, since each emoji
    // before it is two code units.
    assert.ok([...canonical.slice(0, last.startIndex)].length < last.startIndex)
    // Sizes stay in the sizer's unit (characters by default), not UTF-16.
    const crab = chunks[0]
    assert.equal(crab.text, 'Emoji 😀🦀')
    assert.equal(crab.size, 8)
    assert.equal(crab.endIndex - crab.startIndex, 10)
  }
})

test('carried context: prefixLength and suffixLength are UTF-16 code units of the text', () => {
  const html = '<h1>Guide 😀</h1><p>Intro text here.</p><h2>Install 🦀</h2><p>Run the installer.</p><p>Then restart.</p>'
  const splitter = new HtmlSplitter({ chunkSize: 40, maxChunkSize: 50, separators: ['h2', 'p'], headingContext: true })
  const canonical = splitter.canonicalText(html)
  const chunks = splitter.chunks(html)
  const carrying = chunks.filter((chunk) => chunk.prefixLength > 0)
  assert.ok(carrying.length > 0, JSON.stringify(chunks))
  for (const chunk of chunks) {
    const slice = canonical.slice(chunk.startIndex, chunk.endIndex)
    assert.equal(chunk.text.slice(chunk.prefixLength, chunk.text.length - chunk.suffixLength), slice)
    assert.equal(chunk.suffixLength, 0)
  }
  const last = chunks.at(-1)
  assert.equal(last.text, 'Guide 😀 > Install 🦀\nThen restart.')
  assert.equal(last.prefixLength, 'Guide 😀 > Install 🦀\n'.length)
})

test('sizer "utf16" counts as String.length does', () => {
  const [chunk] = new HtmlSplitter({ chunkSize: 100, sizer: 'utf16' }).chunks('<p>😀 ok</p>')
  assert.equal(chunk.size, '😀 ok'.length)
})

test('sizer "tiktoken:cl100k_base" counts tokens natively', () => {
  const splitter = new HtmlSplitter({ chunkSize: 10, maxChunkSize: 12, sizer: 'tiktoken:cl100k_base' })
  const chunks = splitter.chunks(guide)
  assert.ok(chunks.length > 5)
  for (const chunk of chunks) assert.ok(chunk.size <= 12 && chunk.size > 0, chunk.text)
  assert.equal(new HtmlSplitter({ chunkSize: 10, sizer: 'tiktoken:cl100k_base' }).chunks('<p>hello world</p>')[0].size, 2)
})

test('a function sizer is called on the JS thread, synchronously', () => {
  const seen = []
  const words = (text) => {
    seen.push(text)
    return text.split(/\s+/).filter(Boolean).length
  }
  const splitter = new HtmlSplitter({ chunkSize: 3, separators: ['p'], sizer: words })
  const chunks = splitter.chunks('<p>one two</p><p>three</p><p>four five six seven</p>')
  assert.deepEqual(chunks.map((c) => c.text), ['one two\nthree', 'four five six seven'])
  assert.deepEqual(chunks.map((c) => c.size), [3, 4])
  assert.ok(seen.length > 0)
  assert.throws(() => splitter.chunksAsync('<p>x</p>'), /function sizer/)
  assert.throws(() => splitter.splitMany(['<p>x</p>']), /function sizer/)
})

test('a function sizer that throws, returns a Promise or not a size is an error', () => {
  const html = '<p>a b</p><p>c</p>'
  assert.throws(
    () => new HtmlSplitter({ chunkSize: 3, sizer: () => { throw new Error('sizer broke') } }).splitText(html),
    /sizer broke/,
  )
  assert.throws(
    () => new HtmlSplitter({ chunkSize: 3, sizer: async () => 1 }).splitText(html),
    /returned a Promise/,
  )
  assert.throws(() => new HtmlSplitter({ chunkSize: 3, sizer: () => -1 }).splitText(html), /returned -1/)
  assert.throws(() => new HtmlSplitter({ chunkSize: 3, sizer: () => 'x' }).splitText(html), /returned String/)
  // The splitter works again afterwards.
  const ok = new HtmlSplitter({ chunkSize: 3, sizer: (t) => t.length })
  assert.deepEqual(ok.splitText('<p>ab</p>'), ['ab'])
})

test('bytes are decoded as the CLI decodes them: BOM, <meta charset>, else UTF-8', () => {
  const splitter = new HtmlSplitter({ chunkSize: 100 })
  const latin1 = Buffer.from('<meta charset="windows-1252"><p>caf\xe9</p>', 'latin1')
  assert.deepEqual(splitter.splitText(latin1), ['café'])
  assert.deepEqual(splitter.splitText(new Uint8Array(latin1)), ['café'])
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<p>naïve 😀</p>', 'utf16le')])
  assert.deepEqual(splitter.splitText(utf16), ['naïve 😀'])
  assert.deepEqual(splitter.splitText(Buffer.from('<p>caf\xe9</p>', 'latin1')), ['caf\ufffd'])
  assert.deepEqual(splitter.splitText(Buffer.from('<p>déjà vu</p>')), splitter.splitText('<p>déjà vu</p>'))
})

test('the async methods give what the sync ones give', async () => {
  for (const backend of HtmlSplitter.backends()) {
    const splitter = new HtmlSplitter({ chunkSize: 150, maxChunkSize: 200, separators: ['h2', 'p'], backend })
    assert.deepEqual(await splitter.splitTextAsync(guide), splitter.splitText(guide))
    assert.deepEqual(await splitter.chunksAsync(guide), splitter.chunks(guide))
    const pages = [guide, '<p>two</p>', '', guide.toString('utf8'), '<h1>😀</h1><p>five</p>']
    const expected = pages.map((page) => splitter.chunks(page))
    assert.deepEqual(await splitter.splitMany(pages), expected)
    assert.deepEqual(await splitter.splitMany(pages, { concurrency: 1 }), expected)
    assert.deepEqual(await splitter.splitMany(pages, { concurrency: 3 }), expected)
  }
})

test('splitMany keeps the input order', async () => {
  const splitter = new HtmlSplitter({ chunkSize: 100 })
  const pages = Array.from({ length: 50 }, (_, i) => `<p>page ${i}</p>`.repeat(1 + (i % 7) * 50))
  const results = await splitter.splitMany(pages, { concurrency: 2 })
  assert.equal(results.length, 50)
  results.forEach((chunks, i) => assert.ok(chunks[0].text.startsWith(`page ${i}`), `page ${i}`))
  assert.deepEqual(await splitter.splitMany([]), [])
})

test('bad options throw an Error naming the key and the value', () => {
  const cases = [
    [{ chunkSize: -5 }, 'chunkSize: expected a positive integer, got -5'],
    [{ chunkSize: 1.5 }, /chunkSize.*1\.5/],
    [{ chunkSize: '10' }, /chunkSize.*"10"/],
    [{ chunkSize: 0 }, /chunkSize 0/],
    [{ chunkSize: 20, maxChunkSize: 10 }, /maxChunkSize 10.*chunkSize \(20\)/],
    [{ chunkSize: 20, chunkOverlap: 5 }, /chunkOverlap.*5/],
    [{ chunkSize: 20, separators: ['h2['] }, /selector "h2\[" in separators/],
    [{ chunkSize: 20, neverBreakWithin: 'pre' }, /neverBreakWithin.*"pre"/],
    [{ chunkSize: 20, whitespace: 'squash' }, /whitespace.*"squash"/],
    [{ chunkSize: 20, sizer: 'words' }, /"words"/],
    [{ chunkSize: 20, sizer: 'tiktoken:nope' }, /"nope"/],
    [{ chunkSize: 20, chunk_size: 20 }, /unknown key "chunk_size"/],
    [{ maxChunkSize: 20 }, /chunkSize/],
    [{ chunkSize: 20, backend: 'lxml' }, /backend: unknown backend "lxml"/],
    [{ chunkSize: 20, backend: 3 }, /backend: expected .* got Number/],
  ]
  for (const [options, message] of cases) {
    assert.throws(() => new HtmlSplitter(options), (err) => {
      assert.ok(err instanceof Error)
      if (typeof message === 'string') assert.equal(err.message, message)
      else assert.match(err.message, message)
      return true
    }, JSON.stringify(options))
  }
  for (const missing of [undefined, null]) {
    assert.throws(() => new HtmlSplitter(missing), {
      message: 'chunkSize is required: new HtmlSplitter({ chunkSize: 1000 })',
    })
  }
})

test('undefined options are left out, null is passed on', () => {
  const splitter = new HtmlSplitter({ chunkSize: 10, maxChunkSize: undefined, separators: undefined })
  assert.deepEqual(splitter.splitText('<p>a long paragraph of text</p>'), ['a long paragraph of text'])
  assert.equal(new HtmlSplitter({ chunkSize: 10, backend: undefined }).backend, 'html5ever')
  assert.equal(new HtmlSplitter({ chunkSize: 10, backend: 'tl' }).backend, 'tl')
})

test('bad inputs throw, they do not crash', async () => {
  const splitter = new HtmlSplitter({ chunkSize: 10 })
  for (const input of [42, null, undefined, {}, ['<p>x</p>']]) {
    assert.throws(() => splitter.splitText(input), /expected HTML as a string, a Buffer or a Uint8Array/)
  }
  assert.throws(() => splitter.splitMany(['<p>ok</p>', 42]), /^Error: htmls\[1\]: expected HTML.*got Number/)
  assert.throws(() => splitter.splitMany(['<p>ok</p>', '<p>ok</p>', null]), {
    message: 'htmls[2]: expected HTML as a string, a Buffer or a Uint8Array, got Null',
  })
  assert.throws(() => splitter.splitMany(['<p>ok</p>'], { concurrency: 0 }), /concurrency 0/)
})

test('binary data is not HTML text: an Error, from bytes or a string', async () => {
  const splitter = new HtmlSplitter({ chunkSize: 10 })
  const binary = Buffer.from('\x7fELF\x02\x01\x01\0\0\0<p>x</p>', 'latin1')
  const message = /binary data, not text: an ELF executable signature/
  for (const input of [binary, new Uint8Array(binary)]) {
    assert.throws(() => splitter.splitText(input), message)
    assert.throws(() => splitter.chunks(input), message)
    assert.throws(() => splitter.canonicalText(input), message)
    await assert.rejects(splitter.splitTextAsync(input), message)
    await assert.rejects(splitter.chunksAsync(input), message)
  }
  await assert.rejects(splitter.splitMany(['<p>ok</p>', binary]),
    /cannot split document 1: binary data, not text: an ELF executable signature/)
  const png = Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\rIHDR', 'latin1')
  assert.throws(() => splitter.splitText(png), /a PNG image signature/)
  // Mostly control characters, as bytes or as a string: binary data.
  const controls = '\x01\x02\0\x1b'.repeat(25)
  const share = /binary data, not text: 100 of the first 100 characters \(100%\) are control characters/
  for (const input of [controls, Buffer.from(controls, 'latin1')]) {
    assert.throws(() => splitter.splitText(input), share)
    await assert.rejects(splitter.splitTextAsync(input), share)
  }
  // A few NUL characters are parse errors the parser handles: the page is
  // text, as a string or as bytes.
  const page = '<p>a\0b</p>\0<p>c</p>'
  assert.notDeepEqual(splitter.splitText(page), [])
  assert.deepEqual(splitter.splitText(Buffer.from(page)), splitter.splitText(page))
  assert.deepEqual(splitter.splitText('\0'), [])
  // Control characters past the first 8 KiB are left to the parser.
  assert.equal(splitter.splitText(' '.repeat(8192) + '<p>a' + '\0'.repeat(100) + '</p>').length, 1)
  // UTF-16 carries a NUL byte in every ASCII character: it is text.
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<p>hi</p>', 'utf16le')])
  assert.deepEqual(splitter.splitText(utf16), ['hi'])
})

test('the ES module entry exports the same class', async () => {
  const esm = await import('htmlsplit')
  assert.equal(esm.HtmlSplitter, HtmlSplitter)
  assert.equal(esm.default.HtmlSplitter, HtmlSplitter)
})

test('content "main" keeps the article and drops the page frame', () => {
  const page = '<nav><a href="/">Home</a> <a href="/news">News</a></nav>' +
    '<article><p>The tide rises twice a day on most coasts, pulled by the moon and the sun.</p>' +
    '<div class="share-bar"><a href="/s">Share</a></div></article>' +
    '<footer>Copyright 2026 <a href="/terms">Terms</a></footer>'
  const all = new HtmlSplitter({ chunkSize: 1000 }).splitText(page).join('\n')
  assert.match(all, /Home/)
  assert.deepEqual(new HtmlSplitter({ chunkSize: 1000, content: 'main' }).splitText(page), [
    'The tide rises twice a day on most coasts, pulled by the moon and the sun.',
  ])
  assert.throws(() => new HtmlSplitter({ chunkSize: 1000, content: 'article' }), {
    message: 'content: expected "all" or "main", got "article"',
  })
})
