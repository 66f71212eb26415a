import { describe, expect, it } from "vitest";
import { csvHref, type Table, tableCsv, tableHtml } from "./tables.ts";

const table = (rows: Table["rows"], more: Partial<Table> = {}): Table => ({
  name: "sources",
  title: "Sign-ups by source",
  headings: ["Name", "This week"],
  rows,
  empty: "No sign-ups.",
  query: "",
  ...more,
});

/** The CSV's lines, without the header row. */
const body = (csv: string) => csv.split("\r\n").slice(1, -1);

describe("a table as CSV", () => {
  it("has a header row and CRLF after every line (RFC 4180)", () => {
    const csv = tableCsv(
      table([
        ["whatsapp", 3],
        ["google.com", 0],
      ]),
    );
    expect(csv).toBe("Name,This week\r\nwhatsapp,3\r\ngoogle.com,0\r\n");
  });

  it("quotes a field with a comma, a quote, a CR or a LF, doubling its quotes", () => {
    const csv = tableCsv(
      table([
        ['Ada "Tolu" Obi', 1],
        ["Obi, Ada", 2],
        ["two\nlines", 3],
        ["a\rb", 4],
      ]),
    );
    expect(body(csv)).toEqual([
      '"Ada ""Tolu"" Obi",1',
      '"Obi, Ada",2',
      '"two\nlines",3',
      '"a\rb",4',
    ]);
  });

  it.each([
    ['=HYPERLINK("https://evil.example")', `"'=HYPERLINK(""https://evil.example"")"`],
    ["+2+3", `"'+2+3"`],
    ["-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ["@SUM(1+1)*cmd|' /C calc'!A0", `"'@SUM(1+1)*cmd|' /C calc'!A0"`],
    ["\t=1+1", `"'\t=1+1"`],
    ["\r=1+1", `"'\r=1+1"`],
    ["-3", `"'-3"`],
  ])("writes text starting a formula, %j, as text: quoted, after a '", (cell, field) => {
    expect(body(tableCsv(table([[cell, 1]])))).toEqual([`${field},1`]);
  });

  it("guards the header row too", () => {
    expect(tableCsv(table([], { headings: ["=cmd", "Views"] }))).toBe(`"'=cmd",Views\r\n`);
  });

  it("keeps numbers as numbers, a negative one too: a count is never a formula", () => {
    expect(
      body(
        tableCsv(
          table([
            ["overdue", -3],
            ["big", 12_345],
            ["half", 0.5],
          ]),
        ),
      ),
    ).toEqual(["overdue,-3", "big,12345", "half,0.5"]);
  });

  it("leaves an empty cell empty, and text starting with a letter or digit as it is", () => {
    expect(
      body(
        tableCsv(
          table([
            [null, null],
            ["2026-11-29", 4],
            ["a=b", 1],
          ]),
        ),
      ),
    ).toEqual([",", "2026-11-29,4", "a=b,1"]);
  });

  it("is only the header row when there are no rows", () => {
    expect(tableCsv(table([]))).toBe("Name,This week\r\n");
  });
});

describe("a table as HTML", () => {
  it("has a caption, headings with scope, counts right-aligned, and a link to its CSV", () => {
    const html = tableHtml(table([["whatsapp", 1234]], { query: "?source=whatsapp" }));
    expect(html).toContain('<caption id="staff-table-sources">Sign-ups by source</caption>');
    expect(html).toContain('<th scope="col">Name</th><th scope="col" class="staff-number">');
    expect(html).toContain('<th scope="row">whatsapp</th><td class="staff-number">1,234</td>');
    expect(html).toContain('role="region" aria-labelledby="staff-table-sources" tabindex="0"');
    expect(html).toContain('href="/staff/tables/sources.csv?source=whatsapp" download>');
    expect(html).not.toContain("staff-empty");
  });

  it("escapes every value: cells, headings, title and the link's query", () => {
    const html = tableHtml(
      table([['<script>alert("x")</script>', "<b>&</b>"]], {
        title: "<i>Title</i>",
        headings: ["<h1>", "'quote'"],
        query: '?source="><script>',
      }),
    );
    expect(html).not.toMatch(/<script|<b>|<i>|<h1>/);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;b&gt;&amp;&lt;/b&gt;");
    expect(html).toContain("&#39;quote&#39;");
    expect(html).toContain('href="/staff/tables/sources.csv?source=&quot;&gt;&lt;script&gt;"');
  });

  it("says so when there are no rows, and still shows the headings and the CSV link", () => {
    const html = tableHtml(table([]));
    expect(html).toContain('<p class="staff-empty">No sign-ups.</p>');
    expect(html).toContain("<thead><tr>");
    expect(html).toContain(csvHref({ name: "sources", query: "" }));
  });
});
