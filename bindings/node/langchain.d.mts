export * from './langchain.js'
