// Small line drawings for the introductions. Drawn with theme colours so they follow the theme;
// callers hide them from assistive technology because they repeat what the text says.

import type { ReactNode } from "react";

const WIDTH = 200;
const HEIGHT = 120;
const blue = "var(--mantine-color-blue-6)";
const light = "var(--mantine-color-blue-1)";
const grey = "var(--mantine-color-gray-4)";

function Frame({ children }: { children: ReactNode }) {
  return (
    <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} focusable="false" role="presentation">
      {children}
    </svg>
  );
}

function Person({ x, y, scale = 1 }: { x: number; y: number; scale?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <circle cx="0" cy="-14" r="9" fill={blue} />
      <path d="M -16 14 Q -16 -2 0 -2 Q 16 -2 16 14 Z" fill={blue} />
    </g>
  );
}

/** Three stages joined left to right, the middle one holding a candidate. */
export function WorkflowIllustration() {
  return (
    <Frame>
      <line x1="30" y1="60" x2="170" y2="60" stroke={grey} strokeWidth="4" />
      <path d="M 160 52 L 172 60 L 160 68" fill="none" stroke={grey} strokeWidth="4" />
      {[30, 100, 170].map((cx) => (
        <circle key={cx} cx={cx} cy="60" r="22" fill={light} stroke={blue} strokeWidth="3" />
      ))}
      <Person x={100} y={66} scale={0.7} />
    </Frame>
  );
}

// Three cards in the first column, two in the second, one in the last.
const boardCards = [0, 1, 2].flatMap((column) => [0, 1, 2].slice(column).map((row) => ({ column, row: row - column })));

/** A project board: columns of candidates, fewer at each later stage. */
export function ProjectIllustration() {
  return (
    <Frame>
      <rect x="20" y="10" width="160" height="100" rx="10" fill={light} stroke={blue} strokeWidth="3" />
      {boardCards.map(({ column, row }) => (
        <rect
          key={`${column}-${row}`}
          x={36 + column * 48}
          y={28 + row * 24}
          width="36"
          height="16"
          rx="4"
          fill={column === 2 ? blue : grey}
        />
      ))}
    </Frame>
  );
}

/** A small team of candidates. */
export function PeopleIllustration() {
  return (
    <Frame>
      <rect x="20" y="20" width="160" height="90" rx="10" fill={light} />
      <Person x={60} y={80} scale={0.9} />
      <Person x={100} y={72} scale={1.2} />
      <Person x={140} y={80} scale={0.9} />
    </Frame>
  );
}

/** A pool of people with a plus: it keeps growing as you save people. */
export function TalentPoolIllustration() {
  return (
    <Frame>
      <ellipse cx="95" cy="74" rx="80" ry="36" fill={light} stroke={blue} strokeWidth="3" />
      <Person x={60} y={84} scale={0.7} />
      <Person x={95} y={78} scale={0.9} />
      <Person x={130} y={84} scale={0.7} />
      <circle cx="170" cy="28" r="16" fill={blue} />
      <path d="M 170 20 V 36 M 162 28 H 178" stroke="white" strokeWidth="4" strokeLinecap="round" />
    </Frame>
  );
}
