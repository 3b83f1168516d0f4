// Module customization hook (node:module register): appends the URL of every module the process
// loads through the ES module loader to the file named by OWO_IMPORT_LOG.
import { appendFileSync } from 'node:fs';

export async function load(url, context, nextLoad) {
  const file = process.env.OWO_IMPORT_LOG;
  if (file) appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}
