import { TextSplitter } from '@langchain/textsplitters'
import { Document } from '@langchain/core/documents'
import splitter from './langchain-splitter.js'

export const HTMLTextSplitter = splitter.defineHTMLTextSplitter(TextSplitter, Document)
