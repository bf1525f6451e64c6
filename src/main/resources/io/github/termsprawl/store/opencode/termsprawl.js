// planted by `mvn termsprawl:discover`, which rewrites it: do not edit
