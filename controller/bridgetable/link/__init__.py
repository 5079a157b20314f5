"""The MQTT link between table units and the scoring station: topics, message schema and
signing, the table's outbox (store and forward) and the two ends of the link."""

from .client import Broker, ReceivedResult, StationLink, TableLink
from .outbox import Outbox, OutboxConflict, SQLiteOutbox
from .schema import SCHEMA_VERSION, ResultKey, SchemaError, decode, encode, message, validate
from .signing import DerivedKeys, SignatureError, derive_table_key, sign, verify

__all__ = [
    "SCHEMA_VERSION", "Broker", "DerivedKeys", "Outbox", "OutboxConflict", "ReceivedResult",
    "ResultKey", "SQLiteOutbox", "SchemaError", "SignatureError", "StationLink", "TableLink",
    "decode", "derive_table_key", "encode", "message", "sign", "validate", "verify",
]
