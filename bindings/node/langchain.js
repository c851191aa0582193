'use strict'
const { TextSplitter } = require('@langchain/textsplitters')
const { Document } = require('@langchain/core/documents')
const { defineHTMLTextSplitter } = require('./langchain-splitter.js')

exports.HTMLTextSplitter = defineHTMLTextSplitter(TextSplitter, Document)
