/** Structural type of a zod error (no runtime import, so this file never pulls zod in). */
interface IssueList {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** First message per top-level field, ready to show under each input. */
export function toFieldErrors<K extends string>(error: IssueList): FieldErrors<K> {
  const result: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (!(key in result)) result[key] = issue.message;
  }
  return result;
}
