// Prints Parquet files as JSON, read by hyparquet (an implementation
// independent of arrow-go): schema, codecs, row groups and every row.
// 64-bit integers print as decimal strings, dates and timestamps as ISO strings.
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects } from 'hyparquet/src/node.js'
import { compressors } from 'hyparquet-compressors'

function plain(v) {
  if (typeof v === 'bigint') return v.toString()
  if (v instanceof Date) return v.toISOString()
  if (Array.isArray(v)) return v.map(plain)
  if (ArrayBuffer.isView(v)) return Array.from(v, plain)
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]))
  return v ?? null
}

const out = []
for (const path of process.argv.slice(2)) {
  const file = await asyncBufferFromFile(path)
  const metadata = await parquetMetadataAsync(file)
  const rows = await parquetReadObjects({ file, metadata, compressors })
  const codecs = new Set()
  const encodings = {}
  for (const rg of metadata.row_groups) {
    for (const c of rg.columns) {
      codecs.add(c.meta_data.codec)
      const key = c.meta_data.path_in_schema.join('.')
      encodings[key] = [...new Set([...(encodings[key] ?? []), ...c.meta_data.encodings])].sort()
    }
  }
  out.push({
    num_rows: Number(metadata.num_rows),
    row_groups: metadata.row_groups.length,
    codecs: [...codecs].sort(),
    metadata: Object.fromEntries((metadata.key_value_metadata ?? [])
      .filter(kv => kv.key !== 'ARROW:schema').map(kv => [kv.key, kv.value ?? null])),
    encodings,
    schema: metadata.schema.slice(1).map(e => ({
      name: e.name,
      type: e.type ?? null,
      repetition: e.repetition_type ?? null,
      converted: e.converted_type ?? null,
      logical: plain(e.logical_type ?? null),
    })),
    rows: plain(rows),
  })
}
process.stdout.write(JSON.stringify(out))
