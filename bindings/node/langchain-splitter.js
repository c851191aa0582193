'use strict'
// HTMLTextSplitter, defined over the TextSplitter and Document classes the
// caller's module system loads: @langchain/textsplitters ships an ES module
// and a CommonJS build, each with its own classes, and `instanceof` must
// hold against the one the user imported. langchain.js (require) and
// langchain.mjs (import) each pass theirs.

const { HtmlSplitter } = require('./index.js')

/** The keys of HTMLTextSplitter's fields that are the splitter's options. */
const OPTION_KEYS = [
  'chunkSize',
  'maxChunkSize',
  'separators',
  'neverBreakWithin',
  'chunkOverlap',
  'sizer',
  'whitespace',
  'format',
  'links',
  'include',
  'exclude',
  'content',
  'headingContext',
  'pageMetadata',
  'backend',
]

/** LangChain's own fields, read by TextSplitter's constructor, not options. */
const LANGCHAIN_KEYS = new Set(['lengthFunction', 'keepSeparator'])

function defineHTMLTextSplitter(TextSplitter, Document) {
  class HTMLTextSplitter extends TextSplitter {
    static lc_name() {
      return 'HTMLTextSplitter'
    }

    constructor(fields = {}) {
      const chunkOverlap = fields.chunkOverlap ?? 0
      if (chunkOverlap !== 0) {
        throw new Error(`invalid chunkOverlap ${chunkOverlap}: chunk overlap is not supported`)
      }
      // TextSplitter refuses chunkOverlap >= chunkSize and defaults to 200.
      super({ ...fields, chunkOverlap: 0 })
      const options = { chunkSize: this.chunkSize, chunkOverlap: 0 }
      for (const [key, value] of Object.entries(fields)) {
        if (key === 'chunkSize' || key === 'chunkOverlap' || LANGCHAIN_KEYS.has(key)) continue
        options[key] = value
      }
      if (fields.lengthFunction !== undefined) {
        if (fields.sizer !== undefined) {
          throw new Error('give lengthFunction or sizer, not both')
        }
        options.sizer = checkedLength(fields.lengthFunction)
      } else if (options.sizer === undefined) {
        // LangChain.js measures with String.length: UTF-16 code units.
        options.sizer = 'utf16'
      }
      for (const key of OPTION_KEYS) {
        if (key in options && key !== 'sizer') this[key] = options[key]
      }
      this.sizer = fields.sizer ?? options.sizer
      /** The native splitter; its sizer is a function when lengthFunction was given. */
      this.splitter = new HtmlSplitter(options)
      this.synchronous = typeof options.sizer === 'function'
    }

    /** The chunks of one page, with provenance (offsets in UTF-16 code units). */
    async chunks(html) {
      return this.synchronous ? this.splitter.chunks(html) : this.splitter.chunksAsync(html)
    }

    /** The chunks' texts, split off the main thread (unless lengthFunction is a JS function). */
    async splitText(html) {
      return this.synchronous ? this.splitter.splitText(html) : this.splitter.splitTextAsync(html)
    }

    async createDocuments(texts, metadatas = [], chunkHeaderOptions = {}) {
      const { chunkHeader = '' } = chunkHeaderOptions
      // The metadata each chunk adds comes from the native splitter, which
      // has it from the Rust core: the same keys as the CLI and Python's.
      const results = this.synchronous
        ? texts.map((text) => this.splitter.documents(text))
        : await this.splitter.splitManyDocuments(texts)
      const documents = []
      results.forEach((parts, i) => {
        const metadata = metadatas[i] ?? {}
        for (const part of parts) {
          // The chunk's PartMetadata replaces the caller's keys; the page's
          // facts (title, …) yield to them.
          const merged = { ...metadata, ...part.metadata }
          for (const key of Object.keys(part.pageMetadata)) {
            if (Object.hasOwn(metadata, key)) merged[key] = metadata[key]
          }
          documents.push(new Document({ pageContent: chunkHeader + part.pageContent, metadata: merged }))
        }
      })
      return documents
    }
  }
  return HTMLTextSplitter
}

/** lengthFunction as the sizer: it must answer synchronously. */
function checkedLength(lengthFunction) {
  if (typeof lengthFunction !== 'function') {
    throw new Error(`lengthFunction: expected a function, got ${typeof lengthFunction}`)
  }
  return (text) => {
    const size = lengthFunction(text)
    if (size !== null && typeof size === 'object' && typeof size.then === 'function') {
      // The promise is not awaited: keep it from rejecting unhandled.
      size.then(undefined, () => {})
      throw new Error(
        'lengthFunction returned a Promise: HTMLTextSplitter calls it while it splits and ' +
          'needs a number synchronously (or give sizer: "tiktoken:cl100k_base" to count tokens natively)',
      )
    }
    return size
  }
}

module.exports = { defineHTMLTextSplitter }
