/**
 * The reference's one stylesheet, inline so the page is one request; its CSP allows it by hash.
 * Written for 360 px first: long paths, names and JSON wrap inside their own box.
 */
export const style = `:root{color-scheme:light dark;--text:#14213d;--muted:#4a5568;--page:#f2f6fb;--card:#fff;--line:#d7dfea;--link:#0b4f9c;--code:#e9eff7;--focus:#1a73e8}
@media (prefers-color-scheme:dark){:root{--text:#e4ebf5;--muted:#a9b5c7;--page:#0c1420;--card:#142030;--line:#2b3b52;--link:#8fc4ff;--code:#1c2b40}}
*{box-sizing:border-box}
body{margin:0;background:var(--page);color:var(--text);font:1rem/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif;overflow-wrap:break-word}
main{max-width:60rem;margin:0 auto;padding:1rem}
h1,h2,h3,h4,h5{line-height:1.25}
h1{font-size:1.75rem;margin:1rem 0 .5rem}
h2{font-size:1.4rem;margin:2.5rem 0 .75rem}
h2::first-letter,.toc>li>a::first-letter{text-transform:uppercase}
h3{font-size:1.1rem;margin:0 0 .5rem}
h4{font-size:1rem;margin:1.25rem 0 .5rem;padding-top:1rem;border-top:1px solid var(--line)}
h5{font-size:1rem;margin:1.25rem 0 .25rem}
p{margin:.5rem 0}
a{color:var(--link);text-underline-offset:.15em}
a:focus-visible,summary:focus-visible{outline:3px solid var(--focus);outline-offset:2px;border-radius:4px}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:.875em}
code{overflow-wrap:anywhere}
pre{margin:.5rem 0;padding:.75rem;border-radius:8px;background:var(--code);line-height:1.45;white-space:pre-wrap;overflow-wrap:anywhere}
p code,li code,dd code,dt code{padding:.05em .3em;border-radius:4px;background:var(--code)}
.meta{color:var(--muted)}
.method,.status{display:inline-block;min-width:3.5rem;padding:.1rem .4rem;border-radius:6px;background:#4a5568;color:#fff;font:700 .75rem/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;text-align:center;vertical-align:.1rem}
.m-get,.s2{background:#0a6b3d}
.m-post{background:#0b4f9c}
.m-put,.m-patch,.s4{background:#8a4b00}
.m-delete,.s5{background:#a4161a}
.toc,.toc ul{margin:0;padding:0;list-style:none}
.toc>li{margin:1rem 0}
.toc>li>a{display:inline-block;font-weight:700}
.toc ul{margin-top:.25rem;border-left:2px solid var(--line)}
.toc ul a{display:block;padding:.4rem .75rem;color:inherit;text-decoration:none}
.toc ul a:hover{background:var(--card)}
.toc .path{font-weight:600}
.toc .about{display:block;color:var(--muted);font-size:.9rem}
.op{margin:1.25rem 0;padding:1rem;border:1px solid var(--line);border-radius:12px;background:var(--card);scroll-margin-top:1rem}
.op:target{border-color:var(--link);box-shadow:0 0 0 2px var(--link)}
.op h3 .path{padding:0;background:none;font-size:1rem}
.summary{font-weight:600}
.deprecated{color:#a4161a;font-weight:700}
dl{margin:.5rem 0}
dd{margin:0}
.facts>div{display:flex;flex-wrap:wrap;column-gap:.5rem}
.facts dt{font-weight:600}
.facts dt::after{content:":"}
.facts dd p{margin:0 0 .25rem}
.fields>div{padding:.5rem 0;border-top:1px solid var(--line)}
.fields>div:first-child{border-top:0}
.fields dd p{margin:.15rem 0}
.fields .d1{padding-left:1rem}
.fields .d2{padding-left:2rem}
.fields .d3{padding-left:3rem}
.type{font-style:italic}
.label{font-weight:600}
.codes{margin:.5rem 0;padding-left:1.25rem}
.codes li{margin:.4rem 0}
details{margin:.5rem 0}
summary{padding:.25rem 0;color:var(--link);font-weight:600;cursor:pointer}
.back{margin:1rem 0 0;font-size:.9rem}
@media (min-width:48rem){
main{padding:2rem}
.toc{columns:2;column-gap:2rem}
.toc>li{break-inside:avoid}
.toc>li:first-child{margin-top:0}
.op{padding:1.5rem}
.fields>div{display:grid;grid-template-columns:minmax(8rem,14rem) 1fr;column-gap:1rem;align-items:baseline}
.fields dd{grid-column:2}
.fields .d1,.fields .d2,.fields .d3{padding-left:0}
.fields .d1 dt{padding-left:1rem}
.fields .d2 dt{padding-left:2rem}
.fields .d3 dt{padding-left:3rem}
}`;
