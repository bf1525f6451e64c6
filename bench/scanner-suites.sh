#!/bin/sh
# The redactor on gitleaks' and detect-secrets' own test cases (bench/REDACTION.md).
# usage: bench/scanner-suites.sh GITLEAKS_CHECKOUT DETECT_SECRETS_CHECKOUT [--list]
set -e
cd "$(dirname "$0")/.."
cases="${TMPDIR:-/tmp}/termsprawl-scanner-suites.cases"
python3 bench/scanner-suites.py "$1" "$2" "$cases"
./mvnw -q -B -ntp test-compile
exec java -cp target/classes:target/test-classes io.github.termsprawl.redact.ScannerSuites "$cases" ${3:+"$3"}
