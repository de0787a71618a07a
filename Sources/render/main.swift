print("render: not built yet")
