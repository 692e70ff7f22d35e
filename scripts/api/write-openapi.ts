/** Writes the OpenAPI document to FILE (default openapi.json): `npm run api:document [FILE]`. */
import { writeFileSync } from 'node:fs';
import { openApiDocument } from './openapi-document.ts';

const file = process.argv[2] ?? 'openapi.json';
writeFileSync(file, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
console.log(`wrote ${file}`);
