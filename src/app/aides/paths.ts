/** The public catalogue's pages. */
export const AIDES_PATH = "/aides";

export const aidePath = (id: string) => `${AIDES_PATH}/${encodeURIComponent(id)}`;
