#include <dbus/dbus.h>

/// libdbus's type codes, which are macros Swift does not import.
static const int CDBusTypeString = DBUS_TYPE_STRING;
static const int CDBusTypeArray = DBUS_TYPE_ARRAY;
static const int CDBusTypeVariant = DBUS_TYPE_VARIANT;
static const int CDBusTypeDictEntry = DBUS_TYPE_DICT_ENTRY;
static const int CDBusTypeStruct = DBUS_TYPE_STRUCT;
static const int CDBusTypeByte = DBUS_TYPE_BYTE;
static const int CDBusTypeUInt32 = DBUS_TYPE_UINT32;
static const int CDBusTypeBoolean = DBUS_TYPE_BOOLEAN;
static const int CDBusTypeObjectPath = DBUS_TYPE_OBJECT_PATH;
