/**
 * A component's JSDoc in Markdown for its docs page. react-docgen hands the comment over whole,
 * tags included, so the page printed a bare "@example" line (the JSX under it, read as HTML,
 * vanished): each `@example` becomes a tsx code block under the description instead.
 */
export function jsDocMarkdown(text: string): string {
  const [body = '', ...examples] = text.split(/^[ \t]*@example[ \t]*(?:\r?\n|$)/m);
  const blocks = examples.map((example) => example.trim()).filter(Boolean).map((example) => `\`\`\`tsx\n${example}\n\`\`\``);
  return [body.trim(), ...blocks].filter(Boolean).join('\n\n');
}

/** `parameters.docs.extractComponentDescription`: the docgen description, its examples as code. */
export function componentDescription(component: unknown): string | null {
  const description = (component as { __docgenInfo?: { description?: string } } | null | undefined)?.__docgenInfo?.description;
  return description ? jsDocMarkdown(description) : null;
}
