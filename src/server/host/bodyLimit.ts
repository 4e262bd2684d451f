// One wording for a message over --body-limit, whether it came as an HTTP body or a stdio line.

export function tooLargeMessage(limit: number): string {
  return `Payload Too Large: request body exceeds ${limit} bytes (see --body-limit)`;
}
