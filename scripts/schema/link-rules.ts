/**
 * The official links of engine benefits, aids and aid families use https: the visitor leaves the
 * simulator for them, often to sign in or to send documents.
 */
import { withHint, type SchemaError, type Segment } from "./errors";
import type { SourceFile } from "./load";
import type { ValidatedSchema } from "./model";

const URL_KEYS = [
  "information",
  "form",
  "teleservice",
  "instructions",
  "teleservicePrefill",
] as const;

type Links = Partial<Record<(typeof URL_KEYS)[number], string>> | undefined;

export function checkLinkSchemes(schema: ValidatedSchema): SchemaError[] {
  const errors: SchemaError[] = [];
  const check = (file: SourceFile, path: Segment[], links: Links) => {
    for (const key of URL_KEYS) {
      const url = links?.[key];
      if (url === undefined || url.startsWith("https://")) continue;
      const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1] ?? url;
      errors.push(
        withHint(
          file.error([...path, "links", key], `link "${url}" is not https (${scheme})`),
          url.startsWith("http://")
            ? `Écrivez ${url.replace(/^http:/, "https:")} si le site l’accepte (ouvrez-le dans un navigateur pour vérifier) ; sinon, cherchez la page officielle équivalente en https.`
            : "Un lien officiel commence par https://.",
        ),
      );
    }
  };
  for (const { file, value } of schema.benefits) {
    value.benefits?.forEach((benefit, i) => check(file, ["benefits", i], benefit.links));
    value.aids?.forEach((aid, i) => check(file, ["aids", i], aid.links));
  }
  for (const { file, value } of schema.aids) {
    value.aids.forEach((aid, i) => check(file, ["aids", i], aid.links));
  }
  for (const { file, value } of schema.families) {
    check(file, ["template"], value.template.links);
    value.members.forEach((member, i) => check(file, ["members", i], member.links));
  }
  return errors;
}
