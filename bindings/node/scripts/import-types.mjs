// Writes langchain.d.mts, the types of htmlsplit/langchain for `import`, from
// langchain.d.ts, those for `require`: the same declarations in a file of its
// own, so that each resolves @langchain/textsplitters in its own module system
// (ESM there, CommonJS here), whose TextSplitter classes differ. Run by
// `npm run build`, `npm run build:debug` and `npm pack` (prepack).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const HEADER = `// Generated from langchain.d.ts by scripts/import-types.mjs; edit that file.
// The types of htmlsplit/langchain for \`import\`: the same declarations, which
// resolve @langchain/textsplitters as ESM.
`

/** The `import` types for the `require` types `source`: its header comment
 * replaced, its declarations as they are. */
export function importTypes(source) {
  const lines = source.split('\n')
  const body = lines.slice(lines.findIndex((line) => !line.startsWith('//')))
  return HEADER + body.join('\n')
}

const here = path.dirname(path.dirname(fileURLToPath(import.meta.url)))

/** Writes `langchain.d.mts` beside `langchain.d.ts` in `dir`. */
export function writeImportTypes(dir = here) {
  const source = fs.readFileSync(path.join(dir, 'langchain.d.ts'), 'utf8')
  fs.writeFileSync(path.join(dir, 'langchain.d.mts'), importTypes(source))
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  writeImportTypes()
}
