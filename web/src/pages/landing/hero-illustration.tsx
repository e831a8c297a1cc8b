/** A sketch of a project board (our own drawing): three stages holding candidate cards. */
export function HeroIllustration() {
  const stages = [
    { x: 24, cardTops: [76, 144, 212], color: "#4dabf7" },
    { x: 164, cardTops: [76, 144], color: "#69db7c" },
    { x: 304, cardTops: [76], color: "#ffa94d" },
  ];
  return (
    <svg viewBox="0 0 440 300" width="100%" style={{ maxWidth: 520 }} aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="432" height="292" rx="16" fill="#f8f9fa" stroke="#dee2e6" strokeWidth="2" />
      <rect x="4" y="4" width="432" height="36" rx="16" fill="#e7f5ff" />
      {[24, 40, 56].map((cx) => (
        <circle key={cx} cx={cx} cy="22" r="5" fill="#a5d8ff" />
      ))}
      {stages.map((stage) => (
        <g key={stage.x}>
          <rect x={stage.x} y="56" width="112" height="8" rx="4" fill={stage.color} />
          {stage.cardTops.map((top) => (
            <g key={top} transform={`translate(${stage.x} ${top})`}>
              <rect width="112" height="56" rx="8" fill="#fff" stroke="#dee2e6" />
              <circle cx="20" cy="20" r="10" fill={stage.color} opacity="0.6" />
              <rect x="38" y="14" width="60" height="6" rx="3" fill="#ced4da" />
              <rect x="38" y="26" width="42" height="6" rx="3" fill="#e9ecef" />
              <rect x="12" y="40" width="86" height="6" rx="3" fill="#e9ecef" />
            </g>
          ))}
        </g>
      ))}
    </svg>
  );
}
