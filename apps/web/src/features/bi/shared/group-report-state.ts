import {
  GROUP_REPORT_MOVES,
  type GroupReportMove,
  type GroupReportRow,
  type GroupReportState,
} from '@checkup/api-contract';

/** The tag colour of each 团检报告 state, on the list and the detail. */
export const GROUP_REPORT_STATE_COLORS: Record<GroupReportState, string> = {
  draft: 'default',
  generated: 'blue',
  submitted: 'gold',
  approved: 'green',
  rejected: 'red',
};

/** Whether the report's state allows the move (the server refuses it otherwise): the screens offer only these. */
export const allowsMove = (row: GroupReportRow, move: GroupReportMove) =>
  (GROUP_REPORT_MOVES[move].from as readonly string[]).includes(row.state);
