/// A container for what a URL cannot carry (a nested struct, an array inside an array): it records
/// why as soon as it is made, and every write to it fails with that.
struct LinkRefusingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol, UnkeyedEncodingContainer,
    SingleValueEncodingContainer
{
    let fault: LinkEncodingFault
    let sink: any LinkFaultRecording

    init(_ fault: LinkEncodingFault, recordedBy sink: any LinkFaultRecording) {
        self.fault = fault
        self.sink = sink
        sink.record(fault)
    }

    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    func encodeNil() throws { throw fault }
    func encodeNil(forKey _: Key) throws { throw fault }
    func encode<T: Encodable>(_: T) throws { throw fault }
    func encode<T: Encodable>(_: T, forKey _: Key) throws { throw fault }

    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(LinkRefusingContainer<NestedKey>(fault, recordedBy: sink))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey _: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(LinkRefusingContainer<NestedKey>(fault, recordedBy: sink))
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    func nestedUnkeyedContainer(forKey _: Key) -> any UnkeyedEncodingContainer { self }
    func superEncoder() -> any Encoder { LinkRefusingEncoder(fault: fault, storage: sink) }
    func superEncoder(forKey _: Key) -> any Encoder { LinkRefusingEncoder(fault: fault, storage: sink) }
}

/// An encoder for what a URL cannot carry: every container it hands out refuses.
struct LinkRefusingEncoder: Encoder {
    let fault: LinkEncodingFault
    let storage: any LinkFaultRecording

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(LinkRefusingContainer<Key>(fault, recordedBy: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        LinkRefusingContainer<LinkKey>(fault, recordedBy: storage)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        LinkRefusingContainer<LinkKey>(fault, recordedBy: storage)
    }
}

/// A coding key by name, for the containers that need a key type of their own.
struct LinkKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue _: Int) { nil }
}
