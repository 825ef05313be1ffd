#!/usr/bin/env python3
"""Checks a SARIF log written by `pgn validate --format sarif`.

Usage: check_sarif.py SCHEMA LOG [key=value ...]

Validates LOG against the SARIF 2.1.0 JSON schema, then checks what the schema cannot:
every artifactLocation.uri is a percent-encoded URI reference (no space, '#' or non-ASCII
byte left), relative ones name WORKDIR, which originalUriBaseIds defines as a file: URI of
a folder. The optional expectations:
  success=true|false     invocations[0].executionSuccessful
  names=A|B|...          the artifacts, decoded back to the names given on the command line
                         (relative to WORKDIR, absolute as file: URIs, "-" for standard input)
Prints what is wrong and exits 1, or exits 0.
"""
import json
import sys
import urllib.parse

import jsonschema


def main():
    schema_path, log_path = sys.argv[1], sys.argv[2]
    expect = dict(arg.split("=", 1) for arg in sys.argv[3:])
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    with open(log_path, encoding="utf-8") as f:
        log = json.load(f)
    problems = []
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
    for error in sorted(validator.iter_errors(log), key=lambda e: list(e.path)):
        problems.append("schema: %s at %s" % (error.message, "/".join(map(str, error.path))))

    run = log["runs"][0]
    bases = run.get("originalUriBaseIds", {})
    workdir = bases.get("WORKDIR", {}).get("uri", "")
    if not workdir.startswith("file:///") or not workdir.endswith("/"):
        problems.append("originalUriBaseIds.WORKDIR is not a file: URI of a folder: %r" % workdir)

    def decoded(location):
        if "uri" not in location:
            if location.get("description", {}).get("text") != "standard input":
                problems.append("an artifactLocation without uri that is not standard input")
            return "-"
        uri = location["uri"]
        if any(c in uri for c in " #") or any(ord(c) > 127 for c in uri):
            problems.append("uri not percent-encoded: %r" % uri)
        if "uriBaseId" in location:
            if location["uriBaseId"] != "WORKDIR":
                problems.append("unknown uriBaseId %r" % location["uriBaseId"])
            return urllib.parse.unquote(uri)
        if not uri.startswith("file:///"):
            problems.append("an absolute uri that is not a file: URI: %r" % uri)
        return urllib.parse.unquote(uri[len("file://"):])

    names = [decoded(a["location"]) for a in run.get("artifacts", [])]
    for result in run["results"]:
        location = result["locations"][0]["physicalLocation"]["artifactLocation"]
        index = location.get("index", -1)
        if not 0 <= index < len(names) or decoded(location) != names[index]:
            problems.append("a result's artifactLocation does not match artifact %s" % index)
    for artifact in run.get("artifacts", []):
        if "uri" not in artifact["location"] and "standardStream" not in artifact.get("roles", []):
            problems.append("standard input is not marked as a standard stream")

    if "names" in expect and names != expect["names"].split("|"):
        problems.append("artifacts %r, expected %r" % (names, expect["names"].split("|")))
    if "success" in expect:
        success = run["invocations"][0]["executionSuccessful"]
        if success != (expect["success"] == "true"):
            problems.append("executionSuccessful is %s, expected %s" % (success, expect["success"]))

    for p in problems[:20]:
        print(log_path + ": " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
