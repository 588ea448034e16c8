/**
 * What decides a result the totals never add (docs/schema-format.md, "Certainty"), in full, so
 * that nothing that decides eligibility is cut off: on its card and in the compact lists.
 */
export function DecisiveConditions({
  heading,
  conditions,
}: {
  heading: string;
  conditions: readonly string[];
}) {
  return (
    <>
      <p className="fr-text--sm fr-text--bold fr-mb-1v">{heading}</p>
      <ul className="fr-text--sm fr-mb-0">
        {conditions.map((condition) => (
          <li key={condition}>{condition}</li>
        ))}
      </ul>
    </>
  );
}
