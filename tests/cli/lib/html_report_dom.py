"""Reads the DOM of validate's HTML report, as headless Chromium dumped it after the page's
script ran, into JSON: the summary, the problem rows, the diagrams and the listed games.

Usage: html_report_dom.py DOM_FILE  (prints one JSON object)
"""
import json
import sys
from html.parser import HTMLParser


class Report(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack = []  # (tag, attrs) of open elements
        self.tables = {}  # table id -> list of rows (lists of cell texts)
        self.table = None
        self.row = None
        self.cell = None
        self.texts = {}  # element id -> text
        self.text_of = None
        self.figures = []  # {"id", "marked": [...], "pieces": n, "caption": text}
        self.figure = None
        self.in_caption = False
        self.elements = []  # every tag name seen

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.elements.append(tag)
        if tag not in ("br", "meta", "rect", "input", "img"):
            self.stack.append((tag, attrs))
        if tag == "table":
            self.table = attrs.get("id")
            self.tables[self.table] = []
        elif tag == "tr" and self.table:
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = ""
        elif tag == "figure":
            self.figure = {"id": attrs.get("id"), "marked": [], "pieces": 0, "caption": ""}
        elif tag == "rect" and self.figure is not None and attrs.get("class") == "marked":
            self.figure["marked"].append(attrs.get("data-square"))
        elif tag == "text" and self.figure is not None and attrs.get("class") == "piece":
            self.figure["pieces"] += 1
        elif tag == "figcaption":
            self.in_caption = True
        if attrs.get("id") in ("headline", "problem-totals", "diagrams-left-out"):
            self.text_of = attrs["id"]
            self.texts[self.text_of] = ""

    def handle_endtag(self, tag):
        while self.stack and self.stack[-1][0] != tag:
            self.stack.pop()
        if self.stack:
            self.stack.pop()
        if tag in ("td", "th") and self.cell is not None:
            self.row.append(self.cell)
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.tables[self.table].append(self.row)
            self.row = None
        elif tag == "table":
            self.table = None
        elif tag == "figcaption":
            self.in_caption = False
        elif tag == "figure":
            self.figures.append(self.figure)
            self.figure = None
        elif tag == "p":
            self.text_of = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data
        if self.text_of:
            self.texts[self.text_of] += data
        if self.in_caption:
            self.figure["caption"] += data


parser = Report()
parser.feed(open(sys.argv[1], encoding="utf-8").read())
out = {"texts": parser.texts, "figures": parser.figures, "elements": sorted(set(parser.elements))}
for name, rows in parser.tables.items():
    out[name] = {"head": rows[0] if rows else [], "rows": rows[1:]}
json.dump(out, sys.stdout)
