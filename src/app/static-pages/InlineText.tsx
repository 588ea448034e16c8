import { Fragment, type ReactNode } from "react";
import { Link } from "react-router-dom";

export interface InlineValues {
  email?: string | undefined;
  platform: string;
}

const TOKEN = /\[([^\]]+)\]\(([^)\s]+)\)|\{(email|platform)\}|\*\*([^*]+)\*\*/g;

function EmailLink({ email }: { email: string | undefined }) {
  if (!email) return <>l’adresse de contact du service (non renseignée sur ce site)</>;
  return <a href={`mailto:${email}`}>{email}</a>;
}

function TextLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith("/")) return <Link to={href}>{children}</Link>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={`${String(children)} - nouvelle fenêtre`}
    >
      {children}
    </a>
  );
}

/** A content string with its links and placeholders (see types.ts). */
export function InlineText({ text, values }: { text: string; values: InlineValues }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index;
    if (index > last) parts.push(text.slice(last, index));
    const [, label, href, placeholder, strong] = match;
    if (label && href) parts.push(<TextLink href={href}>{label}</TextLink>);
    else if (strong) parts.push(<strong>{strong}</strong>);
    else if (placeholder === "email") parts.push(<EmailLink email={values.email} />);
    else parts.push(values.platform);
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  );
}
