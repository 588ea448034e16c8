import type { Lieu } from "./api";

/** A place's address, one line each. */
export function PlaceAddress({ lieu }: { lieu: Lieu }) {
  const { lignes, code_postal, commune } = lieu.adresse;
  const lines = [...lignes, [code_postal, commune].filter(Boolean).join(" ")].filter(Boolean);
  if (lines.length === 0) return null;
  return (
    <address className="fr-mb-1w" style={{ fontStyle: "normal" }}>
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 && <br />}
          {line}
        </span>
      ))}
    </address>
  );
}
