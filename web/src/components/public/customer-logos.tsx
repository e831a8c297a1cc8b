import { Box, Group } from "@mantine/core";

// Invented companies with wordmarks drawn here: placeholders until customers agree to be named.
const customers = [
  { name: "Brightfold", color: "#e8590c", mark: "M4 28 L16 8 L28 28 Z" },
  { name: "Tidewell", color: "#1971c2", mark: "M2 20 Q9 10 16 20 T30 20 M2 27 Q9 17 16 27 T30 27" },
  { name: "Quarry & Pine", color: "#2b8a3e", mark: "M16 4 L27 26 H5 Z M16 26 V31" },
  { name: "Larkspur Health", color: "#9c36b5", mark: "M16 4 V28 M6 16 H26" },
  { name: "Oakhollow Labs", color: "#5c940d", mark: "M16 4 A12 12 0 1 0 16.1 4 M10 16 H22" },
] as const;

function Wordmark({ name, color, mark }: { name: string; color: string; mark: string }) {
  // Room for the mark, then a generous 11 px per letter of a 17 px bold system font.
  const width = 44 + name.length * 11;
  return (
    <svg role="img" aria-label={name} width={width} height={36} viewBox={`0 0 ${width} 36`}>
      <path d={mark} fill="none" stroke={color} strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" />
      <text x={38} y={24} fontSize={17} fontWeight={700} fill="#495057" fontFamily="system-ui, sans-serif">
        {name}
      </text>
    </svg>
  );
}

/** The row of customer logos, static (spec: no motion, no links). */
export function CustomerLogos() {
  return (
    <Group component="ul" justify="center" gap="xl" p={0} m={0} style={{ listStyle: "none" }}>
      {customers.map((customer) => (
        <Box component="li" key={customer.name} lh={0}>
          <Wordmark {...customer} />
        </Box>
      ))}
    </Group>
  );
}
