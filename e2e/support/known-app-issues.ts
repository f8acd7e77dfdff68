/**
 * Serious accessibility findings in the app's own pages (issue #5's code, which this suite may not change),
 * each with where it is and the fix. They are reported, not failed on, so the suite guards against new
 * problems meanwhile; and `99-known-issues.test.ts` fails once one of them no longer occurs, so the list is
 * emptied as the app is fixed instead of hiding regressions later. Anything not listed here fails the page.
 */
export interface KnownAppIssue {
  /** axe rule id */
  rule: string;
  /** Matches one of the finding's targets (CSS selectors). */
  target?: RegExp;
  where: string;
  fix: string;
}

export const KNOWN_APP_ACCESSIBILITY_ISSUES: KnownAppIssue[] = [];

export function knownIssueFor(finding: { id: string; targets: string[] }): KnownAppIssue | undefined {
  return KNOWN_APP_ACCESSIBILITY_ISSUES.find(
    (issue) =>
      issue.rule === finding.id && (!issue.target || finding.targets.some((target) => issue.target?.test(target))),
  );
}
