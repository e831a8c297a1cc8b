import type { DuckDBAppender, DuckDBConnection } from "@duckdb/node-api";
import type { AnalyticsFact } from "@hirestream/domain/analytics/analytics-fact.ts";

// The facts of a replay, held in DuckDB: one table per kind, filled through appenders (DuckDB's
// bulk path), times as epoch milliseconds. `seq` is a stage fact's place in the log, which orders
// a candidacy's stays even when two share a millisecond.

const tables = `
create table stage_facts (kind varchar, project_id varchar, candidacy_id varchar, stage_id varchar,
  entered_at bigint, happened_at bigint, seq bigint);
create table step_facts (outcome varchar, project_id varchar, sequence_id varchar, processor_id varchar,
  step integer, tracked boolean, sent_at bigint, happened_at bigint);
create table run_facts (outcome varchar, project_id varchar, sequence_id varchar, processor_id varchar,
  contacted_at bigint, happened_at bigint);
create table activity_facts (activity varchar, project_id varchar, user_id varchar, happened_at bigint);`;

export interface FactTables {
  append(fact: AnalyticsFact): void;
  close(): void;
}

export async function openFactTables(connection: DuckDBConnection): Promise<FactTables> {
  await connection.run(tables);
  const stage = await connection.createAppender("stage_facts");
  const step = await connection.createAppender("step_facts");
  const run = await connection.createAppender("run_facts");
  const activity = await connection.createAppender("activity_facts");
  let seq = 0;
  const text = (appender: DuckDBAppender, value: string | null) =>
    value === null ? appender.appendNull() : appender.appendVarchar(value);
  const ms = (appender: DuckDBAppender, value: number) => appender.appendBigInt(BigInt(value));
  return {
    append(fact) {
      switch (fact.kind) {
        case "stage_entered":
        case "stage_left":
          stage.appendVarchar(fact.kind === "stage_entered" ? "entered" : "left");
          stage.appendVarchar(fact.projectId);
          stage.appendVarchar(fact.candidacyId);
          stage.appendVarchar(fact.stageId);
          if (fact.kind === "stage_left") ms(stage, fact.enteredAt);
          else stage.appendNull();
          ms(stage, fact.at);
          stage.appendBigInt(BigInt(seq++));
          stage.endRow();
          return;
        case "step":
          step.appendVarchar(fact.outcome);
          step.appendVarchar(fact.projectId);
          step.appendVarchar(fact.sequenceId);
          step.appendVarchar(fact.processorId);
          step.appendInteger(fact.step);
          step.appendBoolean(fact.tracked);
          ms(step, fact.sentAt);
          ms(step, fact.at);
          step.endRow();
          return;
        case "run":
          run.appendVarchar(fact.outcome);
          run.appendVarchar(fact.projectId);
          run.appendVarchar(fact.sequenceId);
          run.appendVarchar(fact.processorId);
          ms(run, fact.contactedAt);
          ms(run, fact.at);
          run.endRow();
          return;
        case "activity":
          activity.appendVarchar(fact.activity);
          text(activity, fact.projectId);
          activity.appendVarchar(fact.userId);
          ms(activity, fact.at);
          activity.endRow();
          return;
      }
    },
    close() {
      for (const appender of [stage, step, run, activity]) appender.closeSync();
    },
  };
}
