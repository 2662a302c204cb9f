import { defineTheme, type ThemeSpec } from './defineTheme';
import type { ThemeDefinition } from './themeDefinition';

/** Black & White (the default), its transparent twin for embeds, and Theme 1 to Theme 20. */
const STANDARD_THEMES: readonly ThemeSpec[] = [
  {
    name: 'Black & White',
    look: ['card', 'mono', 'rounded', 'solid'],
    page: ['#ffffff', '#ffffff'],
    text: ['#111111', 'Inter'],
    button: ['#111111', '#ffffff', 'Inter'],
    cta: ['#111111', '#ffffff', 'Inter'],
    art: ['none'],
    cardStyle: { radius: 'small', shadow: 'none', accent: 'border' },
  },
  {
    name: 'Black & White (Transparent)',
    look: ['full-bleed', 'mono', 'rounded', 'outline'],
    page: ['transparent'],
    text: ['#111111', 'Inter'],
    button: ['#111111', '#ffffff', 'Inter'],
    cta: ['#111111', '#ffffff', 'Inter'],
    art: ['none'],
    cardStyle: { radius: 'small' },
  },
  {
    // Ocean breeze: rolling waves under a bright card, friendly rounded type.
    name: 'Theme 1',
    look: ['card', 'light', 'pill', 'tinted'],
    page: ['#e0f2fe', '#ffffff'],
    text: ['#0f172a', 'Nunito'],
    button: ['#0369a1', '#ffffff', 'Nunito'],
    cta: ['#c2410c', '#ffffff', 'Nunito'],
    art: ['waves', '#bae6fd', '#7dd3fc', '#38bdf8'],
    cardStyle: { radius: 'large' },
    title: { align: 'center' },
  },
  {
    // Midnight: a dark page of contour lines, light outlined answers.
    name: 'Theme 2',
    look: ['full-bleed', 'dark', 'rounded', 'outline'],
    page: ['#0b1120'],
    text: ['#e2e8f0', 'Inter'],
    button: ['#a5b4fc', '#0b1120', 'Inter'],
    cta: ['#fbbf24', '#1c1917', 'Inter'],
    art: ['topography', '#172036', '#1b2640'],
    title: { size: 'large' },
  },
  {
    // Sunny pop: brutalist yellow with lettered answers and a hard shadow.
    name: 'Theme 3',
    look: ['card', 'bold', 'brutal', 'lettered'],
    page: ['#facc15', '#ffffff'],
    text: ['#1c1917', 'Poppins'],
    button: ['#1c1917', '#facc15', 'Poppins'],
    cta: ['#b91c1c', '#ffffff', 'Poppins'],
    art: ['dots', '#eab308', '#fde047'],
    uppercaseButtons: true,
    cardStyle: { radius: 'none', shadow: 'hard' },
    title: { uppercase: true },
  },
  {
    // Sage garden: soft leaves, a serif voice and a quiet list of answers.
    name: 'Theme 4',
    look: ['card', 'earthy', 'square', 'underline'],
    page: ['#dfe7d8', '#fbfaf5'],
    text: ['#263127', 'Lora'],
    button: ['#3f6b4a', '#ffffff', 'Work Sans'],
    cta: ['#9a3412', '#ffffff', 'Work Sans'],
    art: ['blobs', '#cddbc4', '#c2d3b6', '#e8eee2', '#d3dfca'],
    cardStyle: { radius: 'small' },
  },
  {
    // Coral reef: pastel confetti, pill buttons, tinted tiles.
    name: 'Theme 5',
    look: ['card', 'pastel', 'pill', 'tinted'],
    page: ['#ffe4e6', '#ffffff'],
    text: ['#3b1f2b', 'Quicksand'],
    button: ['#be185d', '#ffffff', 'Quicksand'],
    cta: ['#6d28d9', '#ffffff', 'Quicksand'],
    art: ['confetti', '#fda4af', '#fcd34d', '#a5b4fc'],
    cardStyle: { radius: 'large' },
    title: { align: 'center' },
  },
  {
    // Corporate: a graph-paper page, a card with a blue top bar.
    name: 'Theme 6',
    look: ['card', 'corporate', 'rounded', 'outline'],
    page: ['#f1f5f9', '#ffffff'],
    text: ['#1e293b', 'Source Sans 3'],
    button: ['#1d4ed8', '#ffffff', 'Source Sans 3'],
    cta: ['#047857', '#ffffff', 'Source Sans 3'],
    art: ['grid', '#e2e8f0', '#cbd5e1'],
    cardStyle: { radius: 'small', accent: 'top' },
  },
  {
    // Neon arcade: glowing cyan buttons on a deep violet grid.
    name: 'Theme 7',
    look: ['full-bleed', 'neon', 'glow', 'outline'],
    page: ['#0d0221'],
    text: ['#f5f3ff', 'Space Grotesk'],
    button: ['#22d3ee', '#0d0221', 'Space Grotesk'],
    cta: ['#f472b6', '#0d0221', 'Space Grotesk'],
    art: ['grid', '#1c0b45', '#2a1160'],
    uppercaseButtons: true,
    title: { uppercase: true, align: 'center' },
  },
  {
    // Terracotta: warm clay hills, lettered answers, a sturdy serif.
    name: 'Theme 8',
    look: ['full-bleed', 'earthy', 'square', 'lettered'],
    page: ['#f4e9dc'],
    text: ['#3d2a1e', 'Merriweather'],
    button: ['#a4462b', '#ffffff', 'Merriweather'],
    cta: ['#2f4f3a', '#ffffff', 'Merriweather'],
    art: ['mountains', '#efe1d1', '#eadac7', '#e4d1bc'],
  },
  {
    // Lavender fields: overlapping pastel circles, solid pill answers.
    name: 'Theme 9',
    look: ['card', 'pastel', 'pill', 'solid'],
    page: ['#ede9fe', '#ffffff'],
    text: ['#2e1065', 'DM Sans'],
    button: ['#6d28d9', '#ffffff', 'DM Sans'],
    cta: ['#be123c', '#ffffff', 'DM Sans'],
    art: ['circles', '#ddd6fe', '#c4b5fd', '#f5d0fe'],
    cardStyle: { radius: 'large', shadow: 'lifted' },
    title: { align: 'center' },
  },
  {
    // Bold ink: royal-blue stripes, black ledged buttons, capital headings.
    name: 'Theme 10',
    look: ['card', 'bold', 'shadowed', 'solid'],
    page: ['#1d4ed8', '#ffffff'],
    text: ['#111827', 'Montserrat'],
    button: ['#111827', '#ffffff', 'Montserrat'],
    cta: ['#f59e0b', '#111827', 'Montserrat'],
    art: ['stripes', '#1e45c4'],
    uppercaseButtons: true,
    cardStyle: { radius: 'small', shadow: 'lifted' },
    title: { uppercase: true },
  },
  {
    // Forest night: dark ridges, mint buttons, tinted answer tiles.
    name: 'Theme 11',
    look: ['full-bleed', 'dark', 'rounded', 'tinted'],
    page: ['#0f1f17'],
    text: ['#e7efe9', 'Bitter'],
    button: ['#86efac', '#052e16', 'Bitter'],
    cta: ['#fcd34d', '#1c1917', 'Bitter'],
    art: ['mountains', '#13281d', '#163021', '#1a3826'],
  },
  {
    // Paper notes: graph paper, handwritten headings and buttons, underlined answers.
    name: 'Theme 12',
    look: ['card', 'vintage', 'square', 'underline'],
    page: ['#f5efe0', '#fffdf7'],
    text: ['#2b2a26', 'Karla'],
    button: ['#2b2a26', '#fffdf7', 'Caveat'],
    cta: ['#9a3412', '#ffffff', 'Karla'],
    art: ['grid', '#e6dcc6', '#d9ccb1'],
    cardStyle: { radius: 'none', accent: 'border' },
    title: { font: 'button', size: 'large' },
  },
  {
    // Candy stripe: pink stripes, lettered answers on ledged buttons.
    name: 'Theme 13',
    look: ['card', 'pastel', 'shadowed', 'lettered'],
    page: ['#fce7f3', '#ffffff'],
    text: ['#3f0d2a', 'Rubik'],
    button: ['#be185d', '#ffffff', 'Rubik'],
    cta: ['#0f766e', '#ffffff', 'Rubik'],
    art: ['stripes', '#fbcfe8'],
    cardStyle: { radius: 'large' },
  },
  {
    // Slate pro: a calm mesh of light glows, square outlined answers.
    name: 'Theme 14',
    look: ['full-bleed', 'corporate', 'square', 'outline'],
    page: ['#f8fafc'],
    text: ['#0f172a', 'Inter'],
    button: ['#0f172a', '#ffffff', 'Inter'],
    cta: ['#1d4ed8', '#ffffff', 'Inter'],
    art: ['gradient', '#e0e7ff', '#e0f2fe', '#ede9fe'],
    title: { size: 'large' },
  },
  {
    // Sunset glow: a warm mesh behind a cream card with a big lifted shadow.
    name: 'Theme 15',
    look: ['card', 'bold', 'pill', 'tinted'],
    page: ['#f59e0b', '#fff7ed'],
    text: ['#431407', 'Raleway'],
    button: ['#c2410c', '#ffffff', 'Raleway'],
    cta: ['#9d174d', '#ffffff', 'Raleway'],
    art: ['gradient', '#f97316', '#db2777', '#facc15'],
    cardStyle: { radius: 'large', shadow: 'lifted' },
    title: { align: 'center', size: 'large' },
  },
  {
    // Arctic: icy contour lines, lettered answers in round badges.
    name: 'Theme 16',
    look: ['full-bleed', 'light', 'pill', 'lettered'],
    page: ['#f0f9ff'],
    text: ['#082f49', 'Manrope'],
    button: ['#0369a1', '#ffffff', 'Manrope'],
    cta: ['#0f766e', '#ffffff', 'Manrope'],
    art: ['topography', '#dceffb', '#d6e9fa'],
  },
  {
    // Retro diner: teal zigzags, a cream card, red condensed buttons in capitals.
    name: 'Theme 17',
    look: ['card', 'vintage', 'square', 'solid'],
    page: ['#0e7490', '#fef3c7'],
    text: ['#3b0f0f', 'Roboto Slab'],
    button: ['#b91c1c', '#fef3c7', 'Oswald'],
    cta: ['#0e7490', '#ffffff', 'Oswald'],
    art: ['zigzag', '#0c6780', '#1485a3'],
    uppercaseButtons: true,
    cardStyle: { radius: 'none', accent: 'top' },
    title: { font: 'button', uppercase: true, align: 'center' },
  },
  {
    // Mint fresh: polka dots, outlined pill answers.
    name: 'Theme 18',
    look: ['card', 'light', 'pill', 'outline'],
    page: ['#d1fae5', '#ffffff'],
    text: ['#064e3b', 'Mulish'],
    button: ['#047857', '#ffffff', 'Mulish'],
    cta: ['#9a3412', '#ffffff', 'Mulish'],
    art: ['dots', '#a7f3d0', '#6ee7b7'],
    cardStyle: { radius: 'large' },
  },
  {
    // Noir elegance: black and gold, a classic serif, rays barely there.
    name: 'Theme 19',
    look: ['full-bleed', 'dark', 'square', 'underline'],
    page: ['#111111'],
    text: ['#f5f5f4', 'EB Garamond'],
    button: ['#d4af37', '#111111', 'Montserrat'],
    cta: ['#f5f5f4', '#111111', 'Montserrat'],
    art: ['sunburst', '#171717', '#111111'],
    uppercaseButtons: true,
    title: { weight: 400, align: 'center', size: 'large' },
  },
  {
    // Blueprint: a drafting grid in blue, amber lettered badges.
    name: 'Theme 20',
    look: ['full-bleed', 'bold', 'square', 'lettered'],
    page: ['#1e3a8a'],
    text: ['#eff6ff', 'Fira Sans'],
    button: ['#fbbf24', '#1e3a8a', 'Fira Sans'],
    cta: ['#ffffff', '#1e3a8a', 'Fira Sans'],
    art: ['grid', '#2a4a9e', '#3458b0'],
  },
];

export const standardThemes = (): ThemeDefinition[] =>
  STANDARD_THEMES.map((spec) => defineTheme(spec, false));
