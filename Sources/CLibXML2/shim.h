#ifndef STATEGATE_CLIBXML2_SHIM_H
#define STATEGATE_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU, so <libxml/encoding.h> includes the system ICU headers, while
   Foundation on Linux carries its own ICU module: a Swift module that sees both fails with
   "'UErrorCode' has different definitions in different modules". Hiding the ICU part of
   encoding.h only removes two trailing pointer fields that Swift never touches. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlwriter.h>

/* xmlFree is a global function pointer (not concurrency-safe in Swift 6) and xmlParserVersion a
   macro; these wrappers make both callable from Swift. */
static inline void stategate_xml_free(void *pointer) { xmlFree(pointer); }
static inline const char *stategate_xml_parser_version(void) { return xmlParserVersion; }

#endif
