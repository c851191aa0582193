export * from './index.js'
import * as binding from './index.js'
export default binding
