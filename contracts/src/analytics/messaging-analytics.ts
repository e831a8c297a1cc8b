// The Message tab's export (workflows-sequences-messaging.md §2): a stage's messaging analytics,
// named the same by the server's answer and by the browser that saves it.

/**
 * Spec §2: "a CSV file named after the project plus people plus _analytics.csv", taken word for
 * word: the project's name, then `people`, then `_analytics.csv`.
 */
export function messagingAnalyticsFileName(projectName: string): string {
  return `${projectName}people_analytics.csv`;
}
