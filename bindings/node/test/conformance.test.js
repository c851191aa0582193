'use strict'
// Every case of conformance/cases.json on every backend.

const test = require('node:test')
const assert = require('node:assert/strict')
const { HtmlSplitter } = require('htmlsplit')
const { cases } = require('./helpers.js')

const backends = HtmlSplitter.backends()

test('every backend is built in', () => {
  assert.deepEqual(backends, ['html5ever', 'scraper', 'tl'])
})

for (const backend of backends) {
  for (const c of cases()) {
    test(`${backend}: ${c.name}`, () => {
      if (c.error) {
        assert.throws(() => new HtmlSplitter({ ...c.config, backend }).splitText(c.html), Error)
        return
      }
      const splitter = new HtmlSplitter({ ...c.config, backend })
      const chunks = splitter.chunks(c.html)
      assert.deepEqual(
        chunks.map((chunk) => chunk.text),
        c.expected,
      )
      const canonical = splitter.canonicalText(c.html)
      for (const chunk of chunks) {
        const slice = canonical.slice(chunk.startIndex, chunk.endIndex)
        assert.equal(
          chunk.text,
          chunk.text.slice(0, chunk.prefixLength) + slice + chunk.text.slice(chunk.text.length - chunk.suffixLength),
        )
      }
    })
  }
}
