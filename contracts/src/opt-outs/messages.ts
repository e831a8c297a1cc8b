// The words an opt-out shows: on the public page, on a refused step, on a stopped run.

export const optOutMessages = {
  /** A stopped run's status message. */
  runStopped: "Stopped: the candidate opted out of these emails",
  /** A step refused because its address opted out (the step fails with these words). */
  stepRefused:
    "The candidate opted out of these emails: nothing is sent until a member of the workspace clears the opt-out on the person's page",
  notOptedOut: "This address has not opted out",
  alreadyCleared: "The opt-out is already cleared for this workspace",
  mayNotClear: "Your role does not allow clearing an opt-out",
  linkInvalid: "This opt-out link is not valid",
} as const;
