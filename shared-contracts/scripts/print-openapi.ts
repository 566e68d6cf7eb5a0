// Prints the OpenAPI document generated from the route table: `pnpm --filter shared-contracts openapi > openapi.json`.
import { buildOpenApiDocument } from '../src/openapi';

process.stdout.write(`${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
