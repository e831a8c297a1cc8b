/**
 * The `read.checkpoint` row every read model and the change log have reached: the API's reads that
 * wait for a write, and the sync hub's horizon (browsers' cursors never pass it).
 */
export const CHECKPOINT = "projector";
