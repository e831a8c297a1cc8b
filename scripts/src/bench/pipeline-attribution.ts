// Which move a stage seen on the other browser's screen shows. A stage name says nothing about
// which of a candidate's moves put it there, but the frames do: one candidate's moves are sent one
// after another, each changes the stage, and its rows reach the page in order, one per move. The
// screen shows the replica as some read of it found it, so a stage shown is that of the latest
// move, not yet shown, that goes there and had reached the page: from then on the screen says
// what that move said.

/** One accepted move, in the order its candidate's moves were sent. */
export interface SentMove {
  candidate: number;
  /** The stage's position in the workflow. */
  stage: number;
  /** The sender's clock. */
  sentAt: number;
}

/** A stage the screen (or a frame) showed for a candidate, at the sender's clock. */
export interface StageSighting {
  candidate: number;
  stage: number;
  at: number;
}

export interface Attribution {
  /** Send to the sighting, ms, one per move shown; a move superseded before it showed counts when a later one shows. */
  latencies: number[];
  /** The page's share: the frame reaching the page to the sighting, ms, for the moves of `latencies` whose frame came. */
  afterFrame: number[];
  /** Moves never shown, nor any later move of the same candidate. */
  unseen: number;
  /**
   * Sightings of a screen already behind its frames (a later move to another stage had reached the
   * page) that more than one move could explain; the latest is taken. Only a screen lagging by a
   * whole round of the workflow's stages, while still updating, leaves any.
   */
  ambiguous: number;
}

function byCandidate<T extends { candidate: number }>(items: readonly T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const item of items) {
    const list = grouped.get(item.candidate);
    if (list) list.push(item);
    else grouped.set(item.candidate, [item]);
  }
  return grouped;
}

/**
 * When each move's row reached the page, by `moves`' index: a candidate's n-th frame row carries
 * its n-th move. Undefined when it never came, or when the stages disagree (a frame not ours).
 */
export function frameArrivals(moves: readonly SentMove[], frames: readonly StageSighting[]): (number | undefined)[] {
  const framesOf = byCandidate(frames);
  const seen = new Map<number, number>();
  return moves.map((move) => {
    const nth = seen.get(move.candidate) ?? 0;
    seen.set(move.candidate, nth + 1);
    const frame = framesOf.get(move.candidate)?.[nth];
    return frame?.stage === move.stage ? frame.at : undefined;
  });
}

/**
 * `moves` in send order, `sightings` in the order they happened; `arrivals` (frameArrivals), where
 * known, say from when the screen could have shown each move, else its send time does.
 */
export function attributeSightings(
  moves: readonly SentMove[],
  sightings: readonly StageSighting[],
  arrivals: readonly (number | undefined)[] = [],
): Attribution {
  const result: Attribution = { latencies: [], afterFrame: [], unseen: 0, ambiguous: 0 };
  const seenBy = byCandidate(sightings);
  const sentBy = byCandidate(
    moves.map((move, index) => ({
      ...move,
      availableAt: arrivals[index] ?? move.sentAt,
      framed: arrivals[index] !== undefined,
    })),
  );
  for (const [candidate, sent] of sentBy) {
    let shown = -1;
    for (const sighting of seenBy.get(candidate) ?? []) {
      const explaining = sent.flatMap((move, index) =>
        index > shown && move.stage === sighting.stage && move.availableAt <= sighting.at ? [index] : [],
      );
      const latest = explaining.at(-1);
      // The stage it started in, shown before any move: nothing sent explains it.
      if (latest === undefined) continue;
      const behind = sent.slice(latest + 1).some((move) => move.availableAt <= sighting.at);
      if (explaining.length > 1 && behind) result.ambiguous++;
      for (const move of sent.slice(shown + 1, latest + 1)) {
        result.latencies.push(sighting.at - move.sentAt);
        if (move.framed) result.afterFrame.push(sighting.at - move.availableAt);
      }
      shown = latest;
    }
    result.unseen += sent.length - 1 - shown;
  }
  return result;
}
