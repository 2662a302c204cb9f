/**
 * All the published page's CSS, inlined by the server (budget: 8 KB gzip with any theme's CSS, checked by the
 * size tests). A theme (packages/themes) and the quiz's own colours and fonts come after it as custom
 * properties and rules; these values are the plain look without a theme. The hooks: --qb-page (page colour),
 * --qb-surface (behind text), --qb-card, --qb-radius, --qb-shadow, --qb-btn-radius, --qb-field-radius,
 * --qb-error, --qb-title-font; the marketer's photo is `<picture class="qb-bg">` on `body.qb-has-bg`.
 *
 * Answers keep each text's own direction (unicode-bidi:plaintext) but line up on the quiz's side: with
 * text-align:start an English answer in an Arabic quiz would start at the left, a ragged column.
 */
export const PLAYER_CSS = `:root{--qb-text:#1f2937;--qb-font:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;\
--qb-btn-bg:#4f46e5;--qb-btn-text:#fff;--qb-btn-font:var(--qb-font);--qb-cta-bg:#16a34a;--qb-cta-text:#fff;\
--qb-cta-font:var(--qb-font);--qb-bg:none;--qb-card:rgba(255,255,255,.94);--qb-muted:rgba(0,0,0,.12);\
--qb-page:#f3f4f6;--qb-surface:#fff;--qb-radius:.75rem;--qb-btn-radius:.5rem;--qb-field-radius:.5rem;--qb-error:#b91c1c;\
--qb-shadow:0 1px 3px rgba(0,0,0,.12),0 8px 24px rgba(0,0,0,.08);--qb-title-font:var(--qb-font)}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--qb-page) var(--qb-bg) center/cover no-repeat;color:var(--qb-text);font:1rem/1.5 var(--qb-font)}
.qb-page{min-height:100vh;display:flex;flex-direction:column;align-items:center;padding:1rem .75rem}
.qb-framed body{background-color:transparent}
.qb-framed .qb-page{min-height:0}
.qb-has-bg{--qb-bg:none}
.qb-bg{position:fixed;inset:0;z-index:-1}
.qb-bg img{display:block;width:100%;height:100%;object-fit:cover}
.qb{width:100%;max-width:40rem;margin:auto 0}
.qb-status{margin:0 0 .5rem;font-size:.875rem;font-weight:600}
.qb-status:empty{margin:0}
.qb-card{background:var(--qb-card);border-radius:var(--qb-radius);padding:1.25rem 1rem;box-shadow:var(--qb-shadow);overflow-wrap:anywhere}
.qb-title{font-family:var(--qb-title-font);font-size:1.375rem;line-height:1.3;margin:0 0 1rem;outline:0;white-space:pre-line}
.qb-text{margin:0 0 1.25rem;white-space:pre-line}
.qb-rich{white-space:normal}
.qb-rich p,.qb-rich ul,.qb-rich ol{margin:0 0 .75rem}
.qb-rich li>p{margin:0}
.qb-text a,.qb-small a,.qb-share a{color:inherit}
.qb-image{display:block;max-width:100%;height:auto;max-height:22rem;margin:0 auto 1rem;border-radius:.5rem}
.qb-bar{height:.375rem;background:var(--qb-muted);border-radius:1rem;overflow:hidden;margin:0 0 1rem}
.qb-bar span{display:block;height:100%;background:var(--qb-btn-bg);border-radius:inherit;transition:width .3s}
.qb-btn{display:block;width:100%;min-height:2.875rem;margin:0 0 .75rem;padding:.75rem 1rem;border:0;border-radius:var(--qb-btn-radius);\
background:var(--qb-btn-bg);color:var(--qb-btn-text);font:600 1rem/1.3 var(--qb-btn-font);text-align:center;text-decoration:none;cursor:pointer}
.qb-btn:hover{filter:brightness(1.08)}
.qb-btn:focus-visible,.qb-link:focus-visible,.qb-field :focus-visible,.qb-check input:focus-visible,.qb a:focus-visible,\
.qb-option input:focus-visible,.qb-pick input:focus-visible+span,.qb-range:focus-visible{outline:3px solid var(--qb-text);outline-offset:2px}
.qb-answers{display:grid;gap:.75rem;margin:0 0 1rem}
.qb-title,.qb-text,.qb-answer,.qb-option,.qb-field label,.qb-check label,.qb-cats li,.qb-ends span{unicode-bidi:plaintext}
.qb-answers .qb-btn{margin:0;text-align:left;font-weight:500}
:where([dir=rtl]) .qb-answers .qb-btn{text-align:right}
.qb-answers--images{grid-template-columns:repeat(auto-fill,minmax(8.5rem,1fr))}
.qb-answers--images .qb-btn{display:flex;flex-direction:column;align-items:center;gap:.5rem;padding:.5rem;text-align:center;\
border-radius:min(var(--qb-btn-radius),1rem)}
.qb-answers--images picture{display:block;width:100%}
.qb-answers--images img{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:.375rem}
.qb-link{display:inline-block;background:none;border:0;padding:.5rem 0;color:inherit;font:inherit;text-decoration:underline;cursor:pointer}
.qb-form{margin:0}
.qb-field{margin:0 0 1rem}
.qb-field label{display:block;font-weight:600;margin:0 0 .25rem}
.qb-req{font-weight:400}
.qb-field input,.qb-field select,.qb-field textarea{display:block;width:100%;min-height:2.75rem;padding:.5rem .75rem;border:1px solid #9ca3af;\
border-radius:var(--qb-field-radius);background:#fff;color:#111827;font:inherit}
.qb-field [aria-invalid=true]{border-color:#b91c1c;box-shadow:0 0 0 1px #b91c1c}
.qb-field textarea{resize:vertical}
.qb-inline{display:flex;align-items:center;gap:.5rem}
.qb-inline input{flex:1;min-width:0}
.qb-sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.qb-group{border:0;margin:0 0 1rem;padding:0;min-width:0}
.qb-group legend{padding:0;margin:0 0 .75rem}
.qb-option{display:flex;align-items:center;gap:.75rem;min-height:2.875rem;padding:.625rem 1rem;border:2px solid var(--qb-muted);\
border-radius:var(--qb-btn-radius);background:var(--qb-surface);cursor:pointer}
.qb-option:has(:checked){border-color:var(--qb-btn-bg)}
.qb-option input{flex:none;width:1.25rem;height:1.25rem;margin:0;accent-color:var(--qb-btn-bg)}
.qb-answers--images .qb-option{flex-wrap:wrap;justify-content:center;padding:.5rem;text-align:center}
.qb-option picture,.qb-option>img{order:-1;flex-basis:100%}
.qb-scale{display:flex;flex-wrap:wrap;gap:.375rem}
.qb-pick{position:relative;flex:1 0 2.75rem;cursor:pointer}
.qb-pick span[aria-hidden]{display:flex;align-items:center;justify-content:center;min-height:2.75rem;border:2px solid var(--qb-btn-bg);\
border-radius:var(--qb-btn-radius);font-weight:600}
.qb-pick input:checked+span{background:var(--qb-btn-bg);color:var(--qb-btn-text)}
.qb-stars .qb-pick{flex:0 0 auto}
.qb-fit{width:fit-content}
.qb-form>.qb-error{margin:0 0 .75rem}
.qb-stars .qb-pick span[aria-hidden]{min-width:2.75rem;border:0;color:var(--qb-btn-bg);font-size:2.25rem;line-height:1}
.qb-stars .qb-pick span[aria-hidden]::before{content:"\\2606"}
.qb-stars .qb-pick input:checked+span{background:none;color:var(--qb-btn-bg)}
.qb-stars .qb-pick input:checked+span::before{content:"\\2605"}
.qb-stars .qb-pick:has(~.qb-pick :checked) span[aria-hidden]::before{content:"\\2605"}
.qb-ends{display:flex;justify-content:space-between;gap:1rem;margin:.5rem 0 0;font-size:.875rem}
.qb-slider{margin:0 0 1rem}
.qb-value{display:block;font-size:1.25rem;font-weight:600;text-align:center}
.qb-range{display:block;width:100%;min-height:2.75rem;margin:0;accent-color:var(--qb-btn-bg)}
.qb-cats{list-style:none;margin:0 0 1.25rem;padding:0}
.qb-cats li{margin:0 0 .75rem;font-weight:600}
.qb-cats .qb-bar{margin:.25rem 0 0}
.qb-check{display:grid;grid-template-columns:auto 1fr;gap:.25rem .625rem;align-items:start;margin:0 0 1rem}
.qb-check input{width:1.25rem;height:1.25rem;margin:.125rem 0 0}
.qb-check .qb-error{grid-column:1/-1}
.qb-error{margin:.375rem 0 0;color:var(--qb-error);font-weight:600;font-size:.9375rem}
.qb-alert{margin:0 0 1rem;padding:.75rem 1rem;border-radius:.5rem;background:#fef2f2;color:#7f1d1d;border:1px solid #fecaca}
.qb-alert p{margin:0 0 .75rem}
.qb-alert .qb-btn{margin:0}
.qb-small{font-size:.875rem;margin:0 0 1rem}
.qb-note{margin:1rem 0 0;opacity:.85}
.qb-share{margin:0 0 1rem}
.qb-share a{display:inline-block;padding:.25rem .375rem;font-weight:600}
.qb-share-links{white-space:nowrap}
.qb-cta{background:var(--qb-cta-bg);color:var(--qb-cta-text);font-family:var(--qb-cta-font)}
.qb[aria-busy=true] .qb-btn{opacity:.6;cursor:progress}
.qb-badge{margin:1rem 0 0;padding:.25rem .625rem;border-radius:1rem;background:rgba(255,255,255,.85);color:#374151;font-size:.75rem;text-decoration:none}
.qb-badge:hover{text-decoration:underline}
@media (min-width:40em){.qb-page{padding:2rem 1rem}.qb-card{padding:2rem}.qb-title{font-size:1.625rem}}
@media (prefers-reduced-motion:reduce){*,::before,::after{transition:none!important;animation:none!important;scroll-behavior:auto!important}}
@media (forced-colors:active){.qb-pick input:checked+span{border-width:.3125rem}}
`;
