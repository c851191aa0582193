// The ES module entry: the generated CommonJS loader's exports.
import binding from './index.js'

export const { HtmlSplitter } = binding
export default binding
