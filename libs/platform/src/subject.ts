/** NATS subject matching: `*` matches one token, a trailing `>` one or more. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const patternTokens = pattern.split('.');
  const subjectTokens = subject.split('.');
  for (let i = 0; i < patternTokens.length; i++) {
    const token = patternTokens[i];
    if (token === '>') return subjectTokens.length > i;
    if (i >= subjectTokens.length) return false;
    if (token !== '*' && token !== subjectTokens[i]) return false;
  }
  return patternTokens.length === subjectTokens.length;
}

/** The producing service is the first token: `identity.user.registered` → `identity`. */
export function producerOf(subject: string): string {
  const producer = subject.split('.')[0];
  if (!producer || producer === '*' || producer === '>') {
    throw new Error(`Subject "${subject}" must start with the producing service's name`);
  }
  return producer;
}
