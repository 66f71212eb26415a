import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";

const header = `/**
 * Generated from the API's document (/api/openapi.json) by openapi-typescript: do not edit.
 * \`npm run openapi:types\` writes it again; \`npm test\` fails while it differs from the document.
 */

`;

/** The TypeScript types of an OpenAPI document, as a file. */
export async function typesFor(document: object): Promise<string> {
  const ast = await openapiTS(document as OpenAPI3);
  return header + astToString(ast);
}
