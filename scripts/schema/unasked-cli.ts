/**
 * `npm run schema:unasked`: lists the counted results whose words name a decisive condition that
 * nothing asks (scripts/schema/unasked.ts). Exit code 1 when the list is not empty.
 */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { compileSchema } from "./compile";
import { formatSchemaError } from "./errors";
import { unaskedConditions } from "./unasked";

const schemaDir = join(resolve(dirname(fileURLToPath(import.meta.url)), "../.."), "schema");
const { bundle, catalogue, errors } = compileSchema(schemaDir);
if (!bundle || !catalogue) {
  for (const error of errors) console.error(formatSchemaError(error));
  process.exit(2);
}
const findings = unaskedConditions(bundle.benefits, catalogue.aids);
const total = bundle.benefits.length + catalogue.aids.length;
const uncertain = [...bundle.benefits, ...catalogue.aids].filter((result) => result.certainty);
console.log(
  `${total} results: ${total - uncertain.length} counted, ` +
    `${uncertain.filter((r) => r.certainty === "to_verify").length} to verify, ` +
    `${uncertain.filter((r) => r.certainty === "on_application").length} on application`,
);
for (const finding of findings)
  console.log(
    `  ${finding.kind} ${finding.id}: counted, but says « ${finding.said} » (${finding.what})`,
  );
if (findings.length > 0) {
  console.log(`${findings.length} counted result(s) name a condition nothing asks.`);
  process.exit(1);
}
console.log("No counted result names a condition nothing asks.");
