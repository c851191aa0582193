// The types of htmlsplit/langchain for `require`; scripts/import-types.mjs makes
// langchain.d.mts, the same declarations for `import`, from this file.
import type { TextSplitter, TextSplitterParams } from '@langchain/textsplitters'
import type { Document } from '@langchain/core/documents'
import type { Chunk, PageMetadata, PartMetadata, SplitterOptions } from './index.js'

/** The fields of HTMLTextSplitter: LangChain's, and the splitter's options. */
export interface HTMLTextSplitterParams
  extends Partial<Omit<TextSplitterParams, 'chunkOverlap'>>,
    Partial<Omit<SplitterOptions, 'chunkSize' | 'chunkOverlap'>> {
  /** Only 0 (the default here) is accepted. */
  chunkOverlap?: 0
  /**
   * Becomes the sizer: called on the JS thread for each piece measured, so
   * the split is synchronous. It must return a number, not a Promise.
   * Without it (and without `sizer`) sizes are UTF-16 code units, as
   * `String.length` counts.
   */
  lengthFunction?: (text: string) => number
}

/**
 * What HTMLTextSplitter adds to each document's metadata: the core's keys,
 * as `HtmlSplitter.documents` gives them, then the facts the page states
 * (`pageMetadata`), each only where the input document's metadata has no
 * key of that name.
 */
export type HTMLChunkMetadata = PartMetadata & PageMetadata

/**
 * A LangChain.js TextSplitter over HTML: chunks follow the document's
 * structure, `separators` say where to prefer breaking, `neverBreakWithin`
 * what to keep whole, and no chunk exceeds `maxChunkSize`, the hard cap,
 * which is unbounded unless set:
 *
 * ```js
 * new HTMLTextSplitter({ chunkSize: 1000, maxChunkSize: 1500, separators: ['h2', 'p'] })
 * ```
 */
export declare class HTMLTextSplitter extends TextSplitter {
  constructor(fields?: HTMLTextSplitterParams)
  maxChunkSize?: number | null
  separators?: string[]
  neverBreakWithin?: string[]
  sizer: SplitterOptions['sizer']
  /** The chunks' texts; off the main thread unless `lengthFunction` is given. */
  splitText(html: string): Promise<string[]>
  /** The chunks with their provenance. */
  chunks(html: string | Uint8Array): Promise<Chunk[]>
  createDocuments(
    texts: string[],
    metadatas?: Record<string, any>[],
    chunkHeaderOptions?: { chunkHeader?: string },
  ): Promise<Document<Record<string, any> & HTMLChunkMetadata>[]>
}
